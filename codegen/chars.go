package codegen

import (
	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
)

// charInterface describes k's character parameters and assignments (Note
// [host characters] in ir/chars.go) in ak.
func charInterface(k *ir.Kernel, ak *abi.Kernel) {
	for _, p := range k.Chars {
		ak.Chars = append(ak.Chars, abi.CharParam{Name: p.Name, Len: p.Len, Intent: abiIntent(p.Intent), Deferred: p.Deferred, Struct: abiStruct(p.Struct), Arg: p.Arg})
	}
	for _, s := range k.CharSets {
		cs := abi.CharSet{Var: s.Var, Line: s.Pos.Start.Line}
		for _, part := range s.Parts {
			cs.Parts = append(cs.Parts, abi.CharPart{Name: part.Name, Lit: part.Lit, IsLit: part.IsLit})
		}
		ak.CharSets = append(ak.CharSets, cs)
	}
}
