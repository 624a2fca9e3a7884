package sema

import (
	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// intrinsicModules are the named kind constants of Fortran's intrinsic
// modules that legacy kernels use in declarations ("real(real64)",
// "integer(c_int)"). Each is a module of integer parameters that sema
// registers when the files do not define a module of that name, so use
// association resolves them as it resolves any module constant. Kinds
// forocl does not support (real128, int64, c_long) still resolve: the
// declaration that uses them is reported by typeKind.
var intrinsicModules = []struct {
	name   string
	consts []intrinsicConst
}{
	{"iso_fortran_env", []intrinsicConst{
		{"real32", 4}, {"real64", 8}, {"real128", 16},
		{"int8", 1}, {"int16", 2}, {"int32", 4}, {"int64", 8},
		{"logical32", 4}, {"numeric_storage_size", 32}, {"character_storage_size", 8},
	}},
	{"iso_c_binding", []intrinsicConst{
		{"c_float", 4}, {"c_double", 8}, {"c_int", 4}, {"c_long", 8},
		{"c_long_long", 8}, {"c_int32_t", 4}, {"c_int64_t", 8}, {"c_bool", 1},
		{"c_short", 2}, {"c_signed_char", 1}, {"c_size_t", 8},
	}},
}

type intrinsicConst struct {
	name  string
	value int64
}

// addIntrinsicModules registers the intrinsic modules the files do not
// define themselves, as library modules (never compiled, never reported
// missing).
func (c *checker) addIntrinsicModules() {
	for _, im := range intrinsicModules {
		if c.modules[im.name] != nil {
			continue
		}
		m := &ast.Module{Name: ast.Ident{Name: im.name, Orig: im.name}}
		m.ImplicitNone = true
		decl := &ast.Decl{
			Type:  &ast.TypeSpec{Base: ast.Integer},
			Attrs: []*ast.Attr{{Name: ast.AttrParameter, Word: "parameter"}},
		}
		for _, k := range im.consts {
			decl.Entities = append(decl.Entities, &ast.Entity{
				Name: ast.Ident{Name: k.name, Orig: k.name},
				Init: &ast.IntLit{Value: k.value, Text: itoa(k.value), Pos: diag.Span{}},
			})
		}
		m.Decls = []*ast.Decl{decl}
		mod := &module{ast: m, lib: true}
		mod.scope = c.newScope(&m.Scope, nil, im.name, "")
		c.modules[im.name] = mod
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
