package ir

import (
	"math"
	"os"
	"regexp"
	"strings"
	"testing"
)

// sampleKinds returns argument kinds a row accepts, one list per case to
// try (integer and real forms where both are allowed).
func sampleKinds(in *IntrinsicInfo) [][]Kind {
	n := max(in.Min, 1)
	if in.Max > n || in.Max < 0 {
		n = max(in.Min, min(2, max(in.Max, 2)))
	}
	same := func(k Kind) []Kind {
		ks := make([]Kind, n)
		for i := range ks {
			ks[i] = k
		}
		return ks
	}
	switch in.Args {
	case ArgNumeric:
		return [][]Kind{same(Int), same(Real4), same(Real8)}
	case ArgReal:
		return [][]Kind{same(Real4), same(Real8)}
	case ArgReal4:
		return [][]Kind{same(Real4)}
	case ArgInt:
		return [][]Kind{same(Int)}
	case ArgAny:
		return [][]Kind{same(Int), same(Real8), same(Logical)}
	case ArgMerge:
		return [][]Kind{{Real4, Real4, Logical}, {Int, Int, Logical}, {Logical, Logical, Logical}}
	}
	return nil
}

// resultKind applies a row's result rule to argument kinds (no kind
// argument), as sema does.
func resultKind(in *IntrinsicInfo, ks []Kind) Kind {
	switch in.Result {
	case ResSame, ResCommon, ResMerge:
		return ks[0]
	case ResToInt, ResInt:
		return Int
	case ResReal:
		return Real4
	}
	return Real8
}

// operand reports whether s is one operand in C: a name or literal, a call
// f(...) or a parenthesised expression, whose first bracket closes at its
// end, possibly after casts (which bind tighter than any binary operator).
func operand(s string) bool {
	for _, c := range []string{"(int)", "(float)", "(double)"} {
		s = strings.TrimPrefix(s, c)
	}
	open := strings.IndexByte(s, '(')
	if open < 0 {
		return !strings.ContainsAny(s, " +-*/%?<>=!&|")
	}
	if strings.ContainsAny(s[:open], " +-*/%?<>=!&|") || !strings.HasSuffix(s, ")") {
		return false
	}
	depth := 0
	for i := open; i < len(s); i++ {
		switch s[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 && i != len(s)-1 {
				return false
			}
		}
	}
	return depth == 0
}

// TestIntrinsicTable walks the whole table: every row is found by its name,
// has a typing rule, folds (all these intrinsics are allowed in Fortran
// constant expressions), and either has an OpenCL spelling that is one C
// operand and uses every argument, or is lowered to a row that has one, or
// never reaches codegen.
func TestIntrinsicTable(t *testing.T) {
	if len(IntrinsicIDs()) != int(numIntrinsics)-1 {
		t.Fatalf("IntrinsicIDs has %d entries, want %d", len(IntrinsicIDs()), numIntrinsics-1)
	}
	for _, id := range IntrinsicIDs() {
		in := &Intrinsics[id]
		if in.ID != id || in.Name == "" || in.Name != strings.ToLower(in.Name) {
			t.Errorf("row %d: ID %d, name %q", id, in.ID, in.Name)
			continue
		}
		if got, ok := LookupIntrinsic(in.Name); !ok || got != id {
			t.Errorf("%s: LookupIntrinsic gives %v, %v", in.Name, got, ok)
		}
		if id.String() != in.Name {
			t.Errorf("%s: String() = %q", in.Name, id.String())
		}
		if in.Max >= 0 && in.Max < in.Min {
			t.Errorf("%s: takes %d to %d arguments", in.Name, in.Min, in.Max)
		}
		if in.Class != ClassFunction {
			checkOtherRow(t, in)
			continue
		}
		if in.Module != "" || in.Mask || in.Reduce != 0 {
			t.Errorf("%s: a function with fields of another class", in.Name)
		}
		if in.Fold == nil {
			t.Errorf("%s: no folding", in.Name)
		}
		low := in.Lowered(max(in.Min, 1))
		switch {
		case in.Use != UseAnywhere:
			if in.OpenCL != nil || in.As != FnInvalid {
				t.Errorf("%s: an inquiry or constant-only intrinsic never reaches codegen, yet has a spelling", in.Name)
			}
		case in.As != FnInvalid:
			if in.OpenCL != nil || Intrinsics[in.As].OpenCL == nil || Intrinsics[in.As].As != FnInvalid {
				t.Errorf("%s: lowered to %s, which must have the spelling", in.Name, in.As)
			}
		case in.OpenCL == nil:
			t.Errorf("%s: no OpenCL spelling", in.Name)
		}
		kinds := sampleKinds(in)
		if len(kinds) == 0 {
			t.Errorf("%s: unknown argument rule %d", in.Name, in.Args)
		}
		for _, ks := range kinds {
			res := resultKind(in, ks)
			args := make([]*Const, len(ks))
			names := make([]string, len(ks))
			for i, k := range ks {
				args[i] = &Const{Kind: k, Int: int64(i + 1), Float: float64(i+1) / 4, Bool: true}
				names[i] = string(rune('a' + i))
			}
			v, err := in.Fold(args, res)
			if err != nil {
				t.Errorf("%s%v: fold: %v", in.Name, ks, err)
			} else if v.Kind != res {
				t.Errorf("%s%v: fold gives %s, want %s", in.Name, ks, v.Kind, res)
			}
			if in.Use != UseAnywhere {
				continue
			}
			spell := Intrinsics[low].OpenCL
			s := spell(names, ks[0], res)
			if !operand(s) {
				t.Errorf("%s%v: OpenCL %q is not a single operand", in.Name, ks, s)
			}
			for _, n := range names {
				if !regexp.MustCompile(`\b` + n + `\b`).MatchString(s) {
					t.Errorf("%s%v: OpenCL %q does not use argument %s", in.Name, ks, s, n)
				}
			}
		}
	}
}

// checkOtherRow checks a row that is no function: it has none of a
// function's typing, folding or spelling, and the fields of its class.
func checkOtherRow(t *testing.T, in *IntrinsicInfo) {
	t.Helper()
	if in.Fold != nil || in.OpenCL != nil || in.As != FnInvalid || in.Kind != KindNone {
		t.Errorf("%s: class %d has a function's fields", in.Name, in.Class)
	}
	switch in.Class {
	case ClassReduction:
		if in.Min < 1 || in.Max != in.Min || in.Module != "" {
			t.Errorf("%s: a reduction takes %d to %d arrays, module %q", in.Name, in.Min, in.Max, in.Module)
		}
	case ClassShape:
		if in.Min != 1 || in.Max != 2 || in.Mask || in.Module != "" {
			t.Errorf("%s: a shape inquiry takes an array and a dimension", in.Name)
		}
	case ClassModuleConstant:
		if !strings.HasPrefix(in.Module, "iso_") || in.Value <= 0 || in.Min != 0 || in.Max != 0 || in.Mask {
			t.Errorf("%s: module %q, value %d", in.Name, in.Module, in.Value)
		}
	default:
		t.Errorf("%s: unknown class %d", in.Name, in.Class)
	}
}

// TestREADMEIntrinsics: the intrinsics README.md lists are exactly those
// of the table that kernels may call.
func TestREADMEIntrinsics(t *testing.T) {
	src, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile("(?s)- Intrinsics: `([^`]*)`").FindSubmatch(src)
	if m == nil {
		t.Fatal("README.md has no \"- Intrinsics: `...`\" entry")
	}
	listed := map[string]bool{}
	for _, name := range strings.Fields(string(m[1])) {
		listed[name] = true
		id, ok := LookupIntrinsic(name)
		if !ok || Intrinsics[id].Class != ClassFunction {
			t.Errorf("README lists %q, which is not a function of the table", name)
		} else if Intrinsics[id].Use == UseConstant {
			t.Errorf("README lists %q, which kernels cannot call", name)
		}
	}
	for _, id := range IntrinsicIDs() {
		if Intrinsics[id].Class == ClassFunction && Intrinsics[id].Use != UseConstant && !listed[id.String()] {
			t.Errorf("README does not list %q", id)
		}
	}
}

// TestFold pins values of Fold over typed IR: operators, conversions and
// intrinsics, with the signs where mod, modulo, sign and dim differ.
func TestFold(t *testing.T) {
	i := func(n int64) Expr { return &Const{Kind: Int, Int: n} }
	r := func(f float64) Expr { return &Const{Kind: Real4, Float: f} }
	d := func(f float64) Expr { return &Const{Kind: Real8, Float: f} }
	call := func(id IntrinsicID, k Kind, args ...Expr) Expr {
		return &Intrinsic{ID: id, Args: args, T: Type{Kind: k}}
	}
	bin := func(op Op, x, y Expr, k Kind) Expr { return &Binary{Op: op, X: x, Y: y, T: Type{Kind: k}} }
	for _, c := range []struct {
		e    Expr
		want float64
	}{
		{call(FnMod, Int, i(-7), i(3)), -1},
		{call(FnModulo, Int, i(-7), i(3)), 2},
		{call(FnModulo, Int, i(7), i(-3)), -2},
		{call(FnModulo, Real4, r(-7.5), r(2)), 0.5},
		{call(FnMod, Real4, r(-7.5), r(2)), -1.5},
		{call(FnSign, Int, i(3), i(-2)), -3},
		{call(FnSign, Int, i(-3), i(0)), 3},
		{call(FnSign, Real8, d(2), d(-0.5)), -2},
		{call(FnDim, Int, i(5), i(3)), 2},
		{call(FnDim, Int, i(3), i(5)), 0},
		{call(FnDim, Real4, r(2.5), r(1)), 1.5},
		{call(FnDprod, Real8, r(0.5), r(3)), 1.5},
		{call(FnMin, Int, i(3), i(1), i(2)), 1},
		{call(FnMax, Real4, r(1), r(2.5)), 2.5},
		{call(FnAbs, Int, i(-4)), 4},
		{call(FnNint, Int, r(2.5)), 3},
		{call(FnNint, Int, r(-2.5)), -3},
		{call(FnInt, Int, r(-2.7)), -2},
		{call(FnFloor, Int, r(-2.5)), -3},
		{call(FnCeiling, Int, r(2.1)), 3},
		{call(FnReal, Real4, i(3)), 3},
		{call(FnAtan2, Real8, d(1), d(1)), math.Pi / 4},
		{call(FnMerge, Int, i(1), i(2), &Const{Kind: Logical, Bool: false}), 2},
		{call(FnHuge, Int, &Ref{Var: &Var{Name: "n", Kind: Int}}), math.MaxInt32},
		{call(FnEpsilon, Real4, &Ref{Var: &Var{Name: "x", Kind: Real4}}), 0x1p-23},
		{call(FnSelectedRealKind, Int, i(10)), 8},
		{call(FnKind, Int, d(1)), 8},
		{bin(Pow, i(2), i(10), Int), 1024},
		{bin(Pow, i(2), i(-1), Int), 0},
		{bin(Div, i(7), i(2), Int), 3},
		{bin(Add, &Convert{X: i(7), T: Type{Kind: Real8}}, d(0.5), Real8), 7.5},
		{&Unary{Op: Neg, X: i(4), T: Type{Kind: Int}}, -4},
	} {
		v, err := Fold(c.e)
		if err != nil {
			t.Errorf("%s: %v", ExprString(c.e), err)
			continue
		}
		if got := v.num(); got != c.want {
			t.Errorf("%s = %v, want %v", ExprString(c.e), got, c.want)
		}
	}
	for _, c := range []struct {
		e    Expr
		want error
	}{
		{call(FnMod, Int, i(1), i(0)), ErrModZero},
		{call(FnModulo, Int, i(1), i(0)), ErrModZero},
		{bin(Div, i(1), i(0), Int), ErrDivZero},
		{call(FnSelectedRealKind, Int, i(30)), ErrNoKind},
		{call(FnSqrt, Real4, &Ref{Var: &Var{Name: "x", Kind: Real4}}), ErrNotConst},
	} {
		if _, err := Fold(c.e); err != c.want {
			t.Errorf("%s: error %v, want %v", ExprString(c.e), err, c.want)
		}
	}
}

// TestFoldInt64 pins the inquiries of integer(8), which float64 cannot
// hold (huge(0_8) folded to 0 and kind(0_8) to 4), and integer powers
// with negative exponents (1/(b**|e|)).
func TestFoldInt64(t *testing.T) {
	l := &Ref{Var: &Var{Name: "l", Kind: Long}}
	for _, c := range []struct {
		e    Expr
		want Const
	}{
		{&Intrinsic{ID: FnHuge, Args: []Expr{l}, T: Type{Kind: Long}}, Const{Kind: Long, Int: math.MaxInt64}},
		{&Unary{Op: Neg, X: &Intrinsic{ID: FnHuge, Args: []Expr{l}, T: Type{Kind: Long}}, T: Type{Kind: Long}}, Const{Kind: Long, Int: -math.MaxInt64}},
		{&Intrinsic{ID: FnKind, Args: []Expr{&Const{Kind: Long, Int: 0}}, T: Type{Kind: Int}}, Const{Kind: Int, Int: 8}},
		{&Binary{Op: Pow, X: &Const{Kind: Int, Int: 1}, Y: &Const{Kind: Int, Int: -3}, T: Type{Kind: Int}}, Const{Kind: Int, Int: 1}},
		{&Binary{Op: Pow, X: &Const{Kind: Int, Int: -1}, Y: &Const{Kind: Int, Int: -3}, T: Type{Kind: Int}}, Const{Kind: Int, Int: -1}},
		{&Binary{Op: Pow, X: &Const{Kind: Int, Int: -1}, Y: &Const{Kind: Int, Int: -2}, T: Type{Kind: Int}}, Const{Kind: Int, Int: 1}},
		{&Binary{Op: Pow, X: &Const{Kind: Int, Int: 2}, Y: &Const{Kind: Int, Int: -1}, T: Type{Kind: Int}}, Const{Kind: Int, Int: 0}},
	} {
		v, err := Fold(c.e)
		if err != nil || v.Kind != c.want.Kind || v.Int != c.want.Int {
			t.Errorf("%s = %+v (%v), want %v %d", ExprString(c.e), v, err, c.want.Kind, c.want.Int)
		}
	}
}
