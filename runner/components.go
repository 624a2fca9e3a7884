package runner

import (
	"strings"

	"github.com/forocl/forocl/abi"
)

// defaultLowerBounds gives each lower bound "s%a%lbD" of an allocatable
// component that --set did not give the value 1, the lower bound an
// allocation with default bounds has (Note [allocatable components] in
// sema/types.go); --set s%a%lb1=0 gives a component allocated from 0.
func defaultLowerBounds(k *abi.Kernel, scalars map[string]float64) {
	for _, v := range k.Scalars() {
		name := strings.ToLower(v.Name)
		if _, ok := scalars[name]; !ok && v.Struct != nil && v.Struct.Lower > 0 {
			scalars[name] = 1
		}
	}
}
