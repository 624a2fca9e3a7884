package hostgen

import (
	"encoding/json"
	"fmt"

	"github.com/forocl/forocl/abi"
)

// fortranComponents returns u with every component parameter "p%x" of
// a derived-type dummy renamed abi.ComponentIdent("p%x"), "p__x_", the
// Fortran host's dummy for it (Note [component names]): a Fortran caller
// passes the device array it made from p%x there. The rename goes through
// the ABI's JSON, which is all the emitter reads, and changes every string
// that is exactly such a name (parameters, launch arguments, sizes'
// sources, host steps) and nothing else.
func fortranComponents(u *abi.Unit) (*abi.Unit, error) {
	names := map[string]string{}
	for _, k := range u.Kernels {
		for _, p := range k.Params {
			if abi.IsComponent(p.Name) {
				names[p.Name] = abi.ComponentIdent(p.Name)
			}
		}
	}
	if len(names) == 0 {
		return u, nil
	}
	b, err := json.Marshal(u)
	if err != nil {
		return nil, err
	}
	var tree any
	if err := json.Unmarshal(b, &tree); err != nil {
		return nil, err
	}
	if b, err = json.Marshal(renameStrings(tree, names)); err != nil {
		return nil, err
	}
	var out abi.Unit
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("internal error: hostgen: renamed ABI: %v", err)
	}
	out.Source = u.Source // the one field outside the JSON
	return &out, nil
}

// renameStrings replaces each string of a JSON tree that names holds.
func renameStrings(x any, names map[string]string) any {
	switch x := x.(type) {
	case string:
		if n, ok := names[x]; ok {
			return n
		}
	case []any:
		for i := range x {
			x[i] = renameStrings(x[i], names)
		}
	case map[string]any:
		for k, v := range x {
			x[k] = renameStrings(v, names)
		}
	}
	return x
}
