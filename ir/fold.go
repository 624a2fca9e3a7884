package ir

import (
	"errors"
	"math"
)

// Errors of Fold. Sema turns them into diagnostics at the node that failed.
var (
	ErrNotConst = errors.New("not a constant expression")
	ErrDivZero  = errors.New("integer division by zero")
	ErrModZero  = errors.New("mod or modulo by zero")
	ErrNoKind   = errors.New("no supported kind has the requested precision or range")
)

// Fold evaluates a constant expression: constants combined by operators,
// conversions and intrinsics whose row has a Fold (see Note [the intrinsic
// table]). Arithmetic operands must already have their common kind, as sema
// leaves them. The result has e's kind and position; a conversion or real()
// keeps the name of the constant it converts. It fails with ErrNotConst when
// e reads a variable or calls a function, and with ErrDivZero, ErrModZero or
// ErrNoKind when the value is undefined.
func Fold(e Expr) (*Const, error) {
	c, err := fold(e)
	if err != nil {
		return nil, err
	}
	c.Pos = e.Span()
	return c, nil
}

func fold(e Expr) (*Const, error) {
	switch e := e.(type) {
	case *Const:
		c := *e
		return &c, nil
	case *Convert:
		x, err := fold(e.X)
		if err != nil {
			return nil, err
		}
		return convertConst(x, e.T.Kind), nil
	case *Unary:
		x, err := fold(e.X)
		if err != nil {
			return nil, err
		}
		if e.Op == Not {
			return &Const{Kind: Logical, Bool: !x.Bool}, nil
		}
		return &Const{Kind: x.Kind, Int: -x.Int, Float: -x.Float}, nil
	case *Binary:
		x, err := fold(e.X)
		if err != nil {
			return nil, err
		}
		y, err := fold(e.Y)
		if err != nil {
			return nil, err
		}
		return foldBinary(e.Op, x, y, e.T.Kind)
	case *Intrinsic:
		in := &Intrinsics[e.ID]
		if in.Fold == nil {
			return nil, ErrNotConst
		}
		args := make([]*Const, len(e.Args))
		var err error
		for i, a := range e.Args {
			if in.Use == UseInquiry {
				// only the kind matters, and the argument may be a variable
				args[i] = &Const{Kind: a.Type().Kind}
				continue
			}
			if args[i], err = fold(a); err != nil {
				return nil, err
			}
		}
		return in.Fold(args, e.T.Kind)
	}
	return nil, ErrNotConst
}

// num is a numeric constant's value as a float64.
func (c *Const) num() float64 {
	if c.Kind.IsInt() {
		return float64(c.Int)
	}
	return c.Float
}

// convertConst changes a constant's kind as a constant expression does:
// reals truncate to integers, integers widen exactly; a real(4) value
// widened to real(8) keeps its float64 value.
func convertConst(c *Const, k Kind) *Const {
	out := &Const{Kind: k, Name: c.Name}
	switch {
	case k.IsInt() && c.Kind.IsInt():
		out.Int = c.Int
	case k.IsInt():
		out.Int = int64(c.Float)
	case k.IsReal():
		out.Float = realConst(k, c.num()).Float
	default:
		out.Bool = c.Bool
	}
	return out
}

// foldBinary applies op to two constants of their common kind (the
// exponent of ** may stay integer); k is the result kind.
func foldBinary(op Op, x, y *Const, k Kind) (*Const, error) {
	switch op {
	case And:
		return &Const{Kind: Logical, Bool: x.Bool && y.Bool}, nil
	case Or:
		return &Const{Kind: Logical, Bool: x.Bool || y.Bool}, nil
	case Eqv:
		return &Const{Kind: Logical, Bool: x.Bool == y.Bool}, nil
	case Neqv:
		return &Const{Kind: Logical, Bool: x.Bool != y.Bool}, nil
	case Eq, Ne, Lt, Le, Gt, Ge:
		a, b := x.num(), y.num()
		var r bool
		switch op {
		case Eq:
			r = a == b
		case Ne:
			r = a != b
		case Lt:
			r = a < b
		case Le:
			r = a <= b
		case Gt:
			r = a > b
		default:
			r = a >= b
		}
		return &Const{Kind: Logical, Bool: r}, nil
	case Pow:
		switch {
		case x.Kind.IsInt() && y.Kind.IsInt():
			return &Const{Kind: x.Kind, Int: ipow(x.Int, y.Int)}, nil
		case y.Kind.IsInt():
			return realConst(k, math.Pow(x.Float, float64(y.Int))), nil
		}
		return realConst(k, math.Pow(x.num(), y.num())), nil
	}
	if k.IsInt() {
		out, err := foldInt(op, x, y)
		if out != nil {
			out.Kind = k
		}
		return out, err
	}
	return foldReal(op, x, y, k)
}

// foldInt applies an arithmetic op to two integer constants.
func foldInt(op Op, x, y *Const) (*Const, error) {
	{
		switch op {
		case Add:
			return intConst(x.Int + y.Int), nil
		case Sub:
			return intConst(x.Int - y.Int), nil
		case Mul:
			return intConst(x.Int * y.Int), nil
		case Div:
			if y.Int == 0 {
				return nil, ErrDivZero
			}
			return intConst(x.Int / y.Int), nil
		}
	}
	return nil, ErrNotConst
}

// foldReal applies an arithmetic op to two constants in real kind k.
func foldReal(op Op, x, y *Const, k Kind) (*Const, error) {
	a, b := x.num(), y.num()
	switch op {
	case Add:
		return realConst(k, a+b), nil
	case Sub:
		return realConst(k, a-b), nil
	case Mul:
		return realConst(k, a*b), nil
	case Div:
		return realConst(k, a/b), nil
	}
	return nil, ErrNotConst
}

// ipow is a**n in integers, as Fortran defines it for negative n.
func ipow(a, n int64) int64 {
	if n < 0 {
		switch a {
		case 1:
			return 1
		case -1:
			if n%2 == 0 {
				return 1
			}
			return -1
		}
		return 0
	}
	r := int64(1)
	for ; n > 0; n >>= 1 {
		if n&1 == 1 {
			r *= a
		}
		a *= a
	}
	return r
}
