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
		ak.CharSets = append(ak.CharSets, abi.CharSet{Var: s.Var, Parts: abiParts(s.Parts), Line: s.Pos.Start.Line})
	}
	for _, t := range k.CharTests {
		ak.CharTests = append(ak.CharTests, abi.CharTest{Var: t.Var, Op: t.Op, X: abiParts(t.X), Y: abiParts(t.Y), Line: t.Pos.Start.Line})
	}
}

// abiParts are the ABI's spelling of parts.
func abiParts(parts []ir.CharPart) []abi.CharPart {
	var out []abi.CharPart
	for _, p := range parts {
		out = append(out, abi.CharPart{Name: p.Name, Lit: p.Lit, IsLit: p.IsLit})
	}
	return out
}
