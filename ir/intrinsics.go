package ir

import (
	"math"
	"strings"
)

// IntrinsicID identifies a Fortran intrinsic function: a row of Intrinsics.
// See Note [the intrinsic table].
type IntrinsicID uint8

// The intrinsics forocl knows, in the order of the table.
const (
	FnInvalid IntrinsicID = iota
	FnSqrt
	FnExp
	FnLog
	FnLog10
	FnSin
	FnCos
	FnTan
	FnAsin
	FnAcos
	FnAtan
	FnSinh
	FnCosh
	FnTanh
	FnAtan2
	FnAbs
	FnMin
	FnMax
	FnMod
	FnModulo
	FnSign
	FnDim
	FnDprod
	FnInt
	FnNint
	FnFloor
	FnCeiling
	FnAint
	FnAnint
	FnReal
	FnDble
	FnFloat
	FnMerge
	FnEpsilon
	FnTiny
	FnHuge
	FnKind
	FnSelectedRealKind
	FnSelectedIntKind

	// The reductions (ClassReduction).
	FnSum
	FnProduct
	FnMaxval
	FnMinval
	FnCount
	FnAny
	FnAll
	FnDotProduct
	FnNorm2
	FnMaxloc
	FnMinloc

	// The shape inquiries (ClassShape).
	FnSize
	FnLbound
	FnUbound

	// The named constants of the intrinsic modules (ClassModuleConstant).
	ModReal32
	ModReal64
	ModReal128
	ModInt8
	ModInt16
	ModInt32
	ModInt64
	ModLogical32
	ModNumericStorageSize
	ModCharacterStorageSize
	ModCFloat
	ModCDouble
	ModCInt
	ModCLong
	ModCLongLong
	ModCInt32T
	ModCInt64T
	ModCBool
	ModCShort
	ModCSignedChar
	ModCSizeT

	numIntrinsics
)

// String is the intrinsic's lower-case Fortran name.
func (id IntrinsicID) String() string {
	if id == FnInvalid || id >= numIntrinsics {
		return "invalid"
	}
	return Intrinsics[id].Name
}

// ArgRule says what every (non-kind) argument of an intrinsic must be.
type ArgRule uint8

const (
	ArgNumeric ArgRule = iota // integer or real
	ArgReal                   // real of either kind
	ArgReal4                  // default real (dprod)
	ArgInt                    // integer
	ArgAny                    // any type (kind)
	ArgMerge                  // two values of one type, then a logical mask
)

// ResultRule says how an intrinsic's result kind follows from its
// arguments, and which conversions sema inserts on them.
type ResultRule uint8

const (
	ResSame   ResultRule = iota // the first argument's kind (or the real kind argument's, which the argument is converted to)
	ResCommon                   // the common kind of all arguments, which are converted to it
	ResToInt                    // default integer; an integer argument is returned as it is
	ResInt                      // default integer
	ResReal                     // real(4), or the real kind of the kind argument
	ResReal8                    // real(8)
	ResMerge                    // the common type of the first two arguments, which are converted to it
)

// KindArgRule says whether an intrinsic takes a kind argument (kind=, or
// positional after its arguments) and what it selects.
type KindArgRule uint8

const (
	KindNone KindArgRule = iota
	KindInt              // an integer kind: 4, or 8 in kernels
	KindReal             // a real kind, 4 or 8
)

// Use says where an intrinsic may appear.
type Use uint8

const (
	// UseAnywhere: kernels, functions and constant expressions.
	UseAnywhere Use = iota
	// UseInquiry: anywhere; the value depends only on the argument's kind,
	// so sema replaces every call by a constant and OpenCL never sees it.
	UseInquiry
	// UseConstant: only in constant expressions (kinds of declarations);
	// in kernels it is not supported.
	UseConstant
)

// Class says what an intrinsic is: which fields of its row apply, which
// part of sema lowers it, and so where it may be used.
type Class uint8

const (
	// ClassFunction: a function typed by Args, Result and Kind, folded by
	// Fold and spelled by OpenCL; Use says where it may appear. sema types
	// every call from the row (sema/expr.go, intrinsicCall).
	ClassFunction Class = iota
	// ClassReduction: a reduction of an array expression to a scalar, only
	// in the statements of a kernel (never in scalar code, an IF block or a
	// WHERE block). Reduce is its fold; Min and Max count its array
	// arguments; Mask says whether it takes mask= beside them. sema/reduce.go
	// lowers it (maxloc.go the positions, sections.go in loop kernels).
	ClassReduction
	// ClassShape: an inquiry of an array's shape, lowered in loop kernels
	// from the array's declared bounds (sema/inquiry.go); size of a named
	// constant array is also a constant.
	ClassShape
	// ClassModuleConstant: a named integer constant, Value, of the
	// intrinsic module Module; sema declares the module when the files do
	// not define one of that name (sema/intrinsic_modules.go).
	ClassModuleConstant
)

// IntrinsicInfo is one row of the intrinsic table: everything forocl knows of
// an intrinsic, so that its typing, its folding and its OpenCL spelling
// cannot disagree.
type IntrinsicInfo struct {
	ID    IntrinsicID
	Name  string
	Class Class
	// Reduce is the fold of a ClassReduction row, and Mask whether it takes
	// a mask= argument.
	Reduce ReduceOp
	Mask   bool
	// Module and Value are the module and the value of a
	// ClassModuleConstant row.
	Module string
	Value  int64
	// Min and Max bound the number of arguments, not counting a kind
	// argument; Max < 0 means any number.
	Min, Max int
	Args     ArgRule
	Result   ResultRule
	Kind     KindArgRule
	Use      Use
	// As is the intrinsic a call lowers to in the IR when it is another
	// one's spelling (dble and float are real of some kind; atan with two
	// arguments is atan2); FnInvalid when it lowers to itself.
	As IntrinsicID
	// Fold computes the value of a call whose arguments are constants of
	// the kinds typing gave them (converted as Result says); res is the
	// result kind. Nil when Fortran does not allow it in constant
	// expressions. Inquiry functions read only their arguments' kinds.
	Fold func(args []*Const, res Kind) (*Const, error)
	// OpenCL spells a call in OpenCL C given its printed arguments, the
	// kind of its (converted) first argument and its result kind. The text
	// is always one C operand (a call, a parenthesised expression, or a
	// cast of one), so it can stand inside any operator or cast without
	// parentheses: (float)((i) % (3)), never (float)(i) % (3). Nil for
	// intrinsics that never reach
	// codegen (UseInquiry, UseConstant, and those with As set).
	OpenCL func(a []string, arg, res Kind) string
}

// Lowered is the intrinsic a call of in appears as in the IR, given its
// number of arguments.
func (in *IntrinsicInfo) Lowered(nargs int) IntrinsicID {
	if in.ID == FnAtan && nargs == 2 {
		return FnAtan2
	}
	if in.As != FnInvalid {
		return in.As
	}
	return in.ID
}

// LookupIntrinsic finds an intrinsic by its lower-case Fortran name.
func LookupIntrinsic(name string) (IntrinsicID, bool) {
	id, ok := intrinsicByName[name]
	return id, ok
}

var intrinsicByName = map[string]IntrinsicID{}

func init() {
	for i := FnInvalid + 1; i < numIntrinsics; i++ {
		if Intrinsics[i].ID != i {
			panic("internal error: ir.Intrinsics row " + Intrinsics[i].Name + " is out of order")
		}
		intrinsicByName[Intrinsics[i].Name] = i
	}
}

// IntrinsicIDs returns every intrinsic of the table, in table order.
func IntrinsicIDs() []IntrinsicID {
	ids := make([]IntrinsicID, 0, numIntrinsics-1)
	for i := FnInvalid + 1; i < numIntrinsics; i++ {
		ids = append(ids, i)
	}
	return ids
}

// Note [the intrinsic table]
//
// Intrinsics is forocl's one description of the Fortran intrinsics, as
// go/types' universe.go is Go's: a row per intrinsic with its signature
// (argument count and rule, result rule, kind argument), its constant
// folding and its OpenCL spelling. sema types every call from the row
// (sema/expr.go, intrinsicCall) in kernels and in constant expressions
// alike, folds constant expressions with Fold (ir.Fold), and codegen prints
// calls with OpenCL. Adding an intrinsic is adding an ID and a row; the
// table test (ir/intrinsics_test.go) checks that every row is complete.
//
// The table is the universe of intrinsic names forocl implements, so that
// sema keeps no list of its own: beside the functions (ClassFunction) it
// holds the reductions (sum, maxval, count, maxloc, ...), the shape
// inquiries (size, lbound, ubound) and the named constants of the
// intrinsic modules iso_fortran_env and iso_c_binding. Their Class says
// which fields apply and which part of sema lowers them; only
// ClassFunction rows appear as Intrinsic nodes in the IR (ir.Verify checks
// it). Intrinsics forocl knows by name but does not implement are listed
// in sema (unsupported, sema/expr.go) for a better message.
//
// Folding follows the evaluator forocl always had: reals are folded in
// float64 whatever their kind (the value is rounded to real(4) when it is
// printed), which gfortran matches for the operations folded here.

// Intrinsics is the table, indexed by IntrinsicID.
var Intrinsics = [numIntrinsics]IntrinsicInfo{
	FnSqrt:  math1(FnSqrt, "sqrt", math.Sqrt),
	FnExp:   math1(FnExp, "exp", math.Exp),
	FnLog:   math1(FnLog, "log", math.Log),
	FnLog10: math1(FnLog10, "log10", math.Log10),
	FnSin:   math1(FnSin, "sin", math.Sin),
	FnCos:   math1(FnCos, "cos", math.Cos),
	FnTan:   math1(FnTan, "tan", math.Tan),
	FnAsin:  math1(FnAsin, "asin", math.Asin),
	FnAcos:  math1(FnAcos, "acos", math.Acos),
	FnAtan: {ID: FnAtan, Name: "atan", Min: 1, Max: 2, Args: ArgReal, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			if len(a) == 2 {
				return realConst(k, math.Atan2(a[0].Float, a[1].Float)), nil
			}
			return realConst(k, math.Atan(a[0].Float)), nil
		},
		OpenCL: call("atan")},
	FnSinh: math1(FnSinh, "sinh", math.Sinh),
	FnCosh: math1(FnCosh, "cosh", math.Cosh),
	FnTanh: math1(FnTanh, "tanh", math.Tanh),
	FnAtan2: {ID: FnAtan2, Name: "atan2", Min: 2, Max: 2, Args: ArgReal, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			return realConst(k, math.Atan2(a[0].Float, a[1].Float)), nil
		},
		OpenCL: call("atan2")},
	FnAbs: {ID: FnAbs, Name: "abs", Min: 1, Max: 1, Args: ArgNumeric, Result: ResSame,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			if k.IsInt() {
				return intConst(max(a[0].Int, -a[0].Int)), nil
			}
			return realConst(k, math.Abs(a[0].Float)), nil
		},
		OpenCL: func(a []string, arg, _ Kind) string {
			if arg.IsReal() {
				return "fabs(" + a[0] + ")"
			}
			// OpenCL's abs of an int is an unsigned int: negating or
			// converting that would wrap.
			return "((" + cInt(arg) + ")abs(" + a[0] + "))"
		}},
	FnMin: minMax(FnMin, "min", -1),
	FnMax: minMax(FnMax, "max", 1),
	FnMod: {ID: FnMod, Name: "mod", Min: 2, Max: 2, Args: ArgNumeric, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			if k.IsInt() {
				if a[1].Int == 0 {
					return nil, ErrModZero
				}
				return intConst(a[0].Int % a[1].Int), nil
			}
			return realConst(k, math.Mod(a[0].Float, a[1].Float)), nil
		},
		OpenCL: func(a []string, arg, _ Kind) string {
			if arg.IsReal() {
				return "fmod(" + a[0] + ", " + a[1] + ")"
			}
			return "((" + a[0] + ") % (" + a[1] + "))"
		}},
	FnModulo: {ID: FnModulo, Name: "modulo", Min: 2, Max: 2, Args: ArgNumeric, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			if k.IsInt() {
				p := a[1].Int
				if p == 0 {
					return nil, ErrModZero
				}
				r := a[0].Int % p
				if r != 0 && (r < 0) != (p < 0) {
					r += p
				}
				return intConst(r), nil
			}
			p := a[1].Float
			r := math.Mod(a[0].Float, p)
			if r != 0 && (r < 0) != (p < 0) {
				r += p
			}
			return realConst(k, r), nil
		},
		OpenCL: func(a []string, arg, _ Kind) string {
			x, p := a[0], a[1]
			if arg.IsReal() {
				// as gfortran: the remainder of fmod, moved into p's sign
				r := "fmod(" + x + ", " + p + ")"
				return "((" + r + " != 0 && (" + r + " < 0) != ((" + p + ") < 0)) ? " + r + " + (" + p + ") : " + r + ")"
			}
			return "((((" + x + ") % (" + p + ")) + (" + p + ")) % (" + p + "))"
		}},
	FnSign: {ID: FnSign, Name: "sign", Min: 2, Max: 2, Args: ArgNumeric, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			if k.IsInt() {
				x := max(a[0].Int, -a[0].Int)
				if a[1].Int < 0 {
					x = -x
				}
				return intConst(x), nil
			}
			return realConst(k, math.Copysign(math.Abs(a[0].Float), a[1].Float)), nil
		},
		OpenCL: func(a []string, arg, _ Kind) string {
			if arg.IsReal() {
				return "copysign(fabs(" + a[0] + "), " + a[1] + ")"
			}
			t := cInt(arg)
			return "((" + a[1] + ") >= 0 ? ((" + t + ")abs(" + a[0] + ")) : -((" + t + ")abs(" + a[0] + ")))"
		}},
	FnDim: {ID: FnDim, Name: "dim", Min: 2, Max: 2, Args: ArgNumeric, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			if k.IsInt() {
				return intConst(max(a[0].Int-a[1].Int, 0)), nil
			}
			return realConst(k, math.Max(a[0].Float-a[1].Float, 0)), nil
		},
		OpenCL: func(a []string, arg, _ Kind) string {
			if arg.IsReal() {
				return "fdim(" + a[0] + ", " + a[1] + ")"
			}
			return "((" + a[0] + ") > (" + a[1] + ") ? (" + a[0] + ") - (" + a[1] + ") : 0)"
		}},
	FnDprod: {ID: FnDprod, Name: "dprod", Min: 2, Max: 2, Args: ArgReal4, Result: ResReal8,
		Fold: func(a []*Const, _ Kind) (*Const, error) {
			return realConst(Real8, float64(float32(a[0].Float))*float64(float32(a[1].Float))), nil
		},
		OpenCL: func(a []string, _, _ Kind) string {
			return "((double)(" + a[0] + ") * (double)(" + a[1] + "))"
		}},
	FnInt:     toInt(FnInt, "int", math.Trunc, func(a string) string { return a }),
	FnNint:    toInt(FnNint, "nint", math.Round, func(a string) string { return "round(" + a + ")" }),
	FnFloor:   toInt(FnFloor, "floor", math.Floor, func(a string) string { return "floor(" + a + ")" }),
	FnCeiling: toInt(FnCeiling, "ceiling", math.Ceil, func(a string) string { return "ceil(" + a + ")" }),
	FnAint: {ID: FnAint, Name: "aint", Min: 1, Max: 1, Args: ArgReal, Result: ResSame, Kind: KindReal,
		Fold:   func(a []*Const, k Kind) (*Const, error) { return realConst(k, math.Trunc(a[0].Float)), nil },
		OpenCL: call("trunc")},
	FnAnint: {ID: FnAnint, Name: "anint", Min: 1, Max: 1, Args: ArgReal, Result: ResSame, Kind: KindReal,
		Fold:   func(a []*Const, k Kind) (*Const, error) { return realConst(k, math.Round(a[0].Float)), nil },
		OpenCL: call("round")},
	FnReal: {ID: FnReal, Name: "real", Min: 1, Max: 1, Args: ArgNumeric, Result: ResReal, Kind: KindReal,
		Fold: foldConvert,
		OpenCL: func(a []string, _, res Kind) string {
			return "(" + clType(res) + ")(" + a[0] + ")"
		}},
	FnDble: {ID: FnDble, Name: "dble", Min: 1, Max: 1, Args: ArgNumeric, Result: ResReal8, As: FnReal,
		Fold: foldConvert},
	FnFloat: {ID: FnFloat, Name: "float", Min: 1, Max: 1, Args: ArgInt, Result: ResReal, As: FnReal,
		Fold: foldConvert},
	FnMerge: {ID: FnMerge, Name: "merge", Min: 3, Max: 3, Args: ArgMerge, Result: ResMerge,
		Fold: func(a []*Const, _ Kind) (*Const, error) {
			c := *a[1]
			if a[2].Bool {
				c = *a[0]
			}
			c.Name = ""
			return &c, nil
		},
		OpenCL: func(a []string, _, _ Kind) string {
			return "((" + a[2] + ") ? (" + a[0] + ") : (" + a[1] + "))"
		}},
	FnEpsilon: {ID: FnEpsilon, Name: "epsilon", Min: 1, Max: 1, Args: ArgReal, Result: ResSame, Use: UseInquiry,
		Fold: func(_ []*Const, k Kind) (*Const, error) {
			if k == Real8 {
				return realConst(k, 0x1p-52), nil
			}
			return realConst(k, 0x1p-23), nil
		}},
	FnTiny: {ID: FnTiny, Name: "tiny", Min: 1, Max: 1, Args: ArgReal, Result: ResSame, Use: UseInquiry,
		Fold: func(_ []*Const, k Kind) (*Const, error) {
			if k == Real8 {
				return realConst(k, 0x1p-1022), nil
			}
			return realConst(k, 0x1p-126), nil
		}},
	FnHuge: {ID: FnHuge, Name: "huge", Min: 1, Max: 1, Args: ArgNumeric, Result: ResSame, Use: UseInquiry,
		Fold: func(_ []*Const, k Kind) (*Const, error) {
			switch k {
			case Int:
				return intConst(math.MaxInt32), nil
			case Long:
				return &Const{Kind: Long, Int: math.MaxInt64}, nil
			case Real8:
				return realConst(k, math.MaxFloat64), nil
			}
			return realConst(k, math.MaxFloat32), nil
		}},
	FnKind: {ID: FnKind, Name: "kind", Min: 1, Max: 1, Args: ArgAny, Result: ResInt, Use: UseConstant,
		Fold: func(a []*Const, _ Kind) (*Const, error) {
			if a[0].Kind == Real8 || a[0].Kind == Long {
				return intConst(8), nil
			}
			return intConst(4), nil
		}},
	FnSelectedRealKind: {ID: FnSelectedRealKind, Name: "selected_real_kind", Min: 0, Max: 2, Args: ArgInt, Result: ResInt, Use: UseConstant,
		Fold: func(a []*Const, _ Kind) (*Const, error) {
			var p, r int64
			if len(a) > 0 {
				p = a[0].Int
			}
			if len(a) > 1 {
				r = a[1].Int
			}
			switch {
			case p <= 6 && r <= 37:
				return intConst(4), nil
			case p <= 15 && r <= 307:
				return intConst(8), nil
			}
			return nil, ErrNoKind
		}},
	FnSelectedIntKind: {ID: FnSelectedIntKind, Name: "selected_int_kind", Min: 1, Max: 1, Args: ArgInt, Result: ResInt, Use: UseConstant,
		Fold: func(a []*Const, _ Kind) (*Const, error) {
			switch {
			case a[0].Int <= 9:
				return intConst(4), nil
			case a[0].Int <= 18:
				return intConst(8), nil
			}
			return nil, ErrNoKind
		}},

	FnSum:        reduction(FnSum, "sum", RSum, 1, true),
	FnProduct:    reduction(FnProduct, "product", RProduct, 1, true),
	FnMaxval:     reduction(FnMaxval, "maxval", RMax, 1, true),
	FnMinval:     reduction(FnMinval, "minval", RMin, 1, true),
	FnCount:      reduction(FnCount, "count", RSum, 1, false),
	FnAny:        reduction(FnAny, "any", RAny, 1, false),
	FnAll:        reduction(FnAll, "all", RAll, 1, false),
	FnDotProduct: reduction(FnDotProduct, "dot_product", RSum, 2, false),
	FnNorm2:      reduction(FnNorm2, "norm2", RSum, 1, false),
	FnMaxloc:     reduction(FnMaxloc, "maxloc", RMaxLoc, 1, true),
	FnMinloc:     reduction(FnMinloc, "minloc", RMinLoc, 1, true),

	FnSize:   {ID: FnSize, Name: "size", Class: ClassShape, Min: 1, Max: 2},
	FnLbound: {ID: FnLbound, Name: "lbound", Class: ClassShape, Min: 1, Max: 2},
	FnUbound: {ID: FnUbound, Name: "ubound", Class: ClassShape, Min: 1, Max: 2},

	ModReal32:               moduleConst(ModReal32, "iso_fortran_env", "real32", 4),
	ModReal64:               moduleConst(ModReal64, "iso_fortran_env", "real64", 8),
	ModReal128:              moduleConst(ModReal128, "iso_fortran_env", "real128", 16),
	ModInt8:                 moduleConst(ModInt8, "iso_fortran_env", "int8", 1),
	ModInt16:                moduleConst(ModInt16, "iso_fortran_env", "int16", 2),
	ModInt32:                moduleConst(ModInt32, "iso_fortran_env", "int32", 4),
	ModInt64:                moduleConst(ModInt64, "iso_fortran_env", "int64", 8),
	ModLogical32:            moduleConst(ModLogical32, "iso_fortran_env", "logical32", 4),
	ModNumericStorageSize:   moduleConst(ModNumericStorageSize, "iso_fortran_env", "numeric_storage_size", 32),
	ModCharacterStorageSize: moduleConst(ModCharacterStorageSize, "iso_fortran_env", "character_storage_size", 8),
	ModCFloat:               moduleConst(ModCFloat, "iso_c_binding", "c_float", 4),
	ModCDouble:              moduleConst(ModCDouble, "iso_c_binding", "c_double", 8),
	ModCInt:                 moduleConst(ModCInt, "iso_c_binding", "c_int", 4),
	ModCLong:                moduleConst(ModCLong, "iso_c_binding", "c_long", 8),
	ModCLongLong:            moduleConst(ModCLongLong, "iso_c_binding", "c_long_long", 8),
	ModCInt32T:              moduleConst(ModCInt32T, "iso_c_binding", "c_int32_t", 4),
	ModCInt64T:              moduleConst(ModCInt64T, "iso_c_binding", "c_int64_t", 8),
	ModCBool:                moduleConst(ModCBool, "iso_c_binding", "c_bool", 1),
	ModCShort:               moduleConst(ModCShort, "iso_c_binding", "c_short", 2),
	ModCSignedChar:          moduleConst(ModCSignedChar, "iso_c_binding", "c_signed_char", 1),
	ModCSizeT:               moduleConst(ModCSizeT, "iso_c_binding", "c_size_t", 8),
}

// reduction is the row of a reduction folded by op, of n array arguments,
// taking mask= when mask is set.
func reduction(id IntrinsicID, name string, op ReduceOp, n int, mask bool) IntrinsicInfo {
	return IntrinsicInfo{ID: id, Name: name, Class: ClassReduction, Reduce: op, Min: n, Max: n, Mask: mask}
}

// moduleConst is the row of the named constant name = value of the
// intrinsic module module.
func moduleConst(id IntrinsicID, module, name string, value int64) IntrinsicInfo {
	return IntrinsicInfo{ID: id, Name: name, Class: ClassModuleConstant, Module: module, Value: value}
}

// Lookup finds an intrinsic of class c by its lower-case Fortran name.
func Lookup(name string, c Class) (*IntrinsicInfo, bool) {
	id, ok := intrinsicByName[name]
	if !ok || Intrinsics[id].Class != c {
		return nil, false
	}
	return &Intrinsics[id], true
}

// cInt is the OpenCL type of an integer kind.
func cInt(k Kind) string {
	if k == Long {
		return "long"
	}
	return "int"
}

func intConst(i int64) *Const { return &Const{Kind: Int, Int: i} }

// realConst is the real constant f of kind k: a real(4) value is rounded
// to single precision, as Fortran's constant expressions of that kind are.
func realConst(k Kind, f float64) *Const {
	if k == Real4 {
		f = float64(float32(f))
	}
	return &Const{Kind: k, Float: f}
}
func call(fn string) func([]string, Kind, Kind) string {
	return func(a []string, _, _ Kind) string { return fn + "(" + strings.Join(a, ", ") + ")" }
}

// math1 is a row for a real function of one real argument, spelled as
// OpenCL's function of the same name.
func math1(id IntrinsicID, name string, f func(float64) float64) IntrinsicInfo {
	return IntrinsicInfo{ID: id, Name: name, Min: 1, Max: 1, Args: ArgReal, Result: ResSame,
		Fold:   func(a []*Const, k Kind) (*Const, error) { return realConst(k, f(a[0].Float)), nil },
		OpenCL: call(name)}
}

// minMax is the row of min (sign -1) or max (sign 1).
func minMax(id IntrinsicID, name string, sign int) IntrinsicInfo {
	return IntrinsicInfo{ID: id, Name: name, Min: 2, Max: -1, Args: ArgNumeric, Result: ResCommon,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			best := *a[0]
			for _, x := range a[1:] {
				if c := x.num() - best.num(); (sign < 0 && c < 0) || (sign > 0 && c > 0) {
					best = *x
				}
			}
			best.Name = ""
			return &best, nil
		},
		OpenCL: func(a []string, arg, _ Kind) string {
			fn := name
			if arg.IsReal() {
				fn = "f" + name
			}
			s := a[0]
			for _, x := range a[1:] {
				s = fn + "(" + s + ", " + x + ")"
			}
			return s
		}}
}

// toInt is the row of a conversion to integer: f rounds, spell prints the
// rounding in OpenCL.
func toInt(id IntrinsicID, name string, f func(float64) float64, spell func(string) string) IntrinsicInfo {
	return IntrinsicInfo{ID: id, Name: name, Min: 1, Max: 1, Args: ArgNumeric, Result: ResToInt, Kind: KindInt,
		Fold: func(a []*Const, k Kind) (*Const, error) {
			out := intConst(int64(f(a[0].Float)))
			if a[0].Kind.IsInt() {
				out = intConst(a[0].Int)
			}
			if k == Long {
				out.Kind = Long
			}
			return out, nil
		},
		OpenCL: func(a []string, _, res Kind) string { return "(" + cInt(res) + ")(" + spell(a[0]) + ")" }}
}

// foldConvert folds real, dble and float: a conversion that keeps the name
// of the constant it converts, for readable output.
func foldConvert(a []*Const, k Kind) (*Const, error) {
	return convertConst(a[0], k), nil
}

// clType is the OpenCL C type of a kind (logicals are int).
func clType(k Kind) string {
	switch k {
	case Real4:
		return "float"
	case Real8:
		return "double"
	}
	return "int"
}
