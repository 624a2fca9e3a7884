package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/ir"
)

// The intrinsic modules are the named kind constants of Fortran's
// iso_fortran_env and iso_c_binding that legacy kernels use in
// declarations ("real(real64)", "integer(c_int)"): the ClassModuleConstant
// rows of ir.Intrinsics. Each module is a module of integer parameters that
// sema registers when the files do not define a module of that name, so
// use association resolves them as it resolves any module constant. Kinds
// forocl does not support (real128, int64, c_long) still resolve: the
// declaration that uses them is reported by typeKind.

// addIntrinsicModules registers the intrinsic modules the files do not
// define themselves, as library modules (never compiled, never reported
// missing), in the order of the table.
func (c *checker) addIntrinsicModules() {
	decls := map[string]*ast.Decl{}
	var order []string
	for _, id := range ir.IntrinsicIDs() {
		in := &ir.Intrinsics[id]
		if in.Class != ir.ClassModuleConstant || c.modules[in.Module] != nil {
			continue
		}
		decl := decls[in.Module]
		if decl == nil {
			decl = &ast.Decl{
				Type:  &ast.TypeSpec{Base: ast.Integer},
				Attrs: []*ast.Attr{{Name: ast.AttrParameter, Word: "parameter"}},
			}
			decls[in.Module] = decl
			order = append(order, in.Module)
		}
		decl.Entities = append(decl.Entities, &ast.Entity{
			Name: ast.Ident{Name: in.Name, Orig: in.Name},
			Init: &ast.IntLit{Value: in.Value, Text: itoa(in.Value), Pos: diag.Span{}},
		})
	}
	for _, name := range order {
		m := &ast.Module{Name: ast.Ident{Name: name, Orig: name}}
		m.ImplicitNone = true
		m.Decls = []*ast.Decl{decls[name]}
		mod := &module{ast: m, lib: true}
		mod.scope = c.newScope(&m.Scope, nil, name, "")
		c.modules[name] = mod
	}
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	var b []byte
	for v > 0 {
		b = append([]byte{byte('0' + v%10)}, b...)
		v /= 10
	}
	return string(b)
}
