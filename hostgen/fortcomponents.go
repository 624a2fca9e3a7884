package hostgen

import (
	"encoding/json"
	"fmt"
	"regexp"

	"github.com/forocl/forocl/abi"
)

// fortranComponents returns u with every component parameter "p%x" of
// a derived-type dummy renamed abi.ComponentIdent("p%x"), "p__x_", the
// Fortran host's dummy for it (Note [component names]): a Fortran caller
// passes the device array it made from p%x there; and so the sizes of
// such arrays ("p%x_n1"). The rename goes through the ABI's JSON, which
// is all the emitter reads, and changes every string that is exactly
// such a name (parameters, launch arguments, sizes, host steps) and
// nothing else.
func fortranComponents(u *abi.Unit) (*abi.Unit, error) {
	found := false
	for _, k := range u.Kernels {
		for _, p := range k.Params {
			found = found || abi.IsComponent(p.Name)
		}
		for _, c := range k.Chars {
			found = found || abi.IsComponent(c.Name)
		}
	}
	if !found {
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
	if b, err = json.Marshal(renameStrings(tree)); err != nil {
		return nil, err
	}
	var out abi.Unit
	if err := json.Unmarshal(b, &out); err != nil {
		return nil, fmt.Errorf("internal error: hostgen: renamed ABI: %v", err)
	}
	out.Source = u.Source // the one field outside the JSON
	return &out, nil
}

// componentName matches a name of a component or of one of its sizes.
var componentName = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9_]*(%[A-Za-z][A-Za-z0-9_]*)+$`)

// renameStrings respells each string of a JSON tree that is the name of
// a component or of its size.
func renameStrings(x any) any {
	switch x := x.(type) {
	case string:
		if componentName.MatchString(x) {
			return abi.ComponentIdent(x)
		}
	case []any:
		for i := range x {
			x[i] = renameStrings(x[i])
		}
	case map[string]any:
		for k, v := range x {
			if k != "lit" { // a character literal's text (abi.CharPart)
				x[k] = renameStrings(v)
			}
		}
	}
	return x
}
