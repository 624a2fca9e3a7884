package codegen

import (
	"strings"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// checkComponentNames refuses the component names of kernel k that
// abi.ComponentIdent could not keep apart (Note [component names]).
func checkComponentNames(d *diag.List, k *ir.Kernel) {
	vars := append(append([]*ir.Var(nil), k.Params...), k.Locals...)
	names := map[string]bool{}
	for _, v := range vars {
		names[strings.ToLower(v.Name)] = true
	}
	for _, v := range vars {
		if !abi.IsComponent(v.Name) {
			continue
		}
		id := abi.ComponentIdent(v.Name)
		for _, part := range strings.Split(strings.ToLower(v.Name), "%") {
			if strings.Contains(part, "__") || strings.HasSuffix(part, "_") {
				d.Error(codeComponentName, v.Pos, "%s cannot be spelled in generated code: %q has \"__\" in it or ends with \"_\"", v.Name, part)
				break
			}
		}
		if names[id] || names[strings.TrimSuffix(id, "_")] {
			d.Error(codeComponentName, v.Pos, "%s is spelled %s in generated code, as another name of kernel %s is", v.Name, id, k.Name)
		}
	}
}

// abiStruct describes a component's structure to the hosts.
func abiStruct(s *ir.Struct) *abi.Struct {
	if s == nil {
		return nil
	}
	return &abi.Struct{Var: s.Var, Type: s.Type, Module: s.Module, Array: s.Array, Lower: s.Lower}
}

// prefixed is forocl's own identifier prefix+name for variable name: a
// component's spelled as an identifier (Note [component names]), any
// other name as it is, so that existing kernels keep their code.
func prefixed(prefix, name string) string {
	if abi.IsComponent(name) {
		return prefix + abi.ComponentIdent(name)
	}
	return prefix + name
}
