package hostgen

import (
	"fmt"

	"github.com/forocl/forocl/abi"
)

// checkChars refuses a kernel with character parameters (Note [host
// characters] in ir/chars.go), which neither host takes yet: a host that
// dropped them would not return what the kernel assigns.
func checkChars(k *abi.Kernel, host string) error {
	if len(k.Chars) == 0 {
		return nil
	}
	return fmt.Errorf("kernel %q: character %s is a host value, which the %s does not take yet; run the kernel with forocl run or compare, or pass the character where it is called", k.Name, k.Chars[0].Name, host)
}
