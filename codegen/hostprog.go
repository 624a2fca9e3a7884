package codegen

import (
	"fmt"
	"math"
	"strconv"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
)

// Host programs (Note [host program] in package abi): the host runs a loop
// kernel's procedure. Its scalar statements outside nests become Set
// steps, the IFs around them If steps, its host loops Loop steps, and
// each reduction of a nest a Combine step after the nest's fold, which
// reads the value back and folds it into the scalar. A nest takes every
// scalar the host computes that it reads (its locals, results and the
// variables of host loops) as a typed argument, _host_NAME (abi.HostArg),
// and starts its private copy of the scalar from it; nothing is replayed
// on the device.

// hostScalars returns the scalars of loop kernel k that the host holds
// values of: its scalar results, the scalar locals its statements outside
// nests assign (under IFs and in host loops too), the results of its
// nests' reductions and the variables of its host loops.
func hostScalars(k *ir.Kernel) map[*ir.Var]bool {
	out := map[*ir.Var]bool{}
	for _, v := range k.Params {
		if v.Result() {
			out[v] = true
		}
	}
	var visit func([]ir.Stmt)
	visit = func(body []ir.Stmt) {
		for _, s := range body {
			switch s := s.(type) {
			case *ir.Assign:
				if r, ok := s.LHS.(*ir.Ref); ok {
					out[r.Var] = true
				}
			case *ir.If:
				visit(s.Then)
				visit(s.Else)
			case *ir.Loop:
				out[s.Var] = true
				visit(s.Body)
			case *ir.Nest:
				for _, r := range s.Reduces {
					out[r.Reduce.Result] = true
				}
			}
		}
	}
	visit(k.Body)
	return out
}

// hostParam is the kernel parameter that passes host scalar v.
func hostParam(v *ir.Var) string { return "_host_" + sanitize(v.Name) }

// hostArgs extends a launch's arguments and parameters with the host
// scalars (hostScalars) that nest n reads or assigns, in its body or
// its bounds; it returns them too.
func (lg *loopGen) hostArgs(n *ir.Nest, args []abi.Arg, params []string) ([]abi.Arg, []string, map[*ir.Var]bool) {
	used := map[*ir.Var]bool{}
	var order []*ir.Var
	note := func(v *ir.Var) {
		if lg.host[v] && !used[v] {
			used[v] = true
			order = append(order, v)
		}
	}
	for _, a := range append(append([]ir.Affine(nil), n.Lo...), n.Hi...) {
		for _, t := range a.Terms {
			note(t.Var)
		}
	}
	ir.VisitRefs(n.Body, func(r *ir.Ref) { note(r.Var) })
	assigned := map[*ir.Var]bool{}
	ir.AssignedIn(n.Body, assigned)
	for _, v := range lg.k.Locals {
		if assigned[v] {
			note(v)
		}
	}
	for _, v := range order {
		args = append(args, abi.Arg{Kind: abi.HostArg, Name: v.Name, Type: abiKind(v.Kind)})
		params = append(params, "const "+ctype(v.Kind)+" "+hostParam(v))
	}
	return args, params, used
}

// hostSteps returns the program of loop kernel k, whose launches and host
// loops ak already lists, or nil when it is only launches.
func hostSteps(k *ir.Kernel, ak *abi.Kernel) []abi.Step {
	b := &stepBuilder{k: k, ak: ak}
	steps := b.stmts(k.Body)
	for ; b.launch < len(ak.Launches); b.launch++ {
		steps = append(steps, abi.Step{Launch: b.launch}) // the results launch
	}
	if !b.statements && len(ak.HostLoops) == 0 {
		return nil // launches only: the program is the launch list
	}
	return steps
}

type stepBuilder struct {
	k            *ir.Kernel
	ak           *abi.Kernel
	launch, loop int
	statements   bool // a step other than a launch or a host loop
}

var combineOps = map[ir.ReduceOp]string{ir.RSum: "+", ir.RProduct: "*", ir.RMax: "max", ir.RMin: "min", ir.RAny: "or", ir.RAll: "and"}

func (b *stepBuilder) stmts(body []ir.Stmt) []abi.Step {
	var out []abi.Step
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Nest:
			for i := 0; i <= len(s.Reduces); i++ { // the nest, then its folds
				out = append(out, abi.Step{Launch: b.launch})
				b.launch++
			}
			for _, r := range s.Reduces {
				op, ok := combineOps[r.Reduce.Op]
				if !ok {
					panic("internal error: codegen: reduction " + r.Reduce.Op.String() + " in a loop kernel")
				}
				res := r.Reduce.Result
				b.statements = true
				out = append(out, abi.Step{Launch: -1, Combine: &abi.Combine{Var: res.Name, Kind: abiKind(res.Kind), Op: op, Buffer: valueName(r)}})
			}
		case *ir.Loop:
			lp := &b.ak.HostLoops[b.loop]
			b.loop++
			out = append(out, abi.Step{Launch: -1, Loop: lp, Body: b.stmts(s.Body)})
		case *ir.Assign:
			r, ok := s.LHS.(*ir.Ref)
			if !ok {
				panic("internal error: codegen: host assignment to an element")
			}
			b.statements = true
			out = append(out, abi.Step{Launch: -1, Set: &abi.Set{Var: r.Var.Name, Kind: abiKind(r.Var.Kind), X: hostExpr(s.RHS), NonZero: s.NonZero}})
		case *ir.Print:
			p := &abi.Print{Unit: s.Unit}
			for _, it := range s.Items {
				item := abi.PrintItem{Text: it.Text}
				if it.X != nil {
					x := hostExpr(it.X)
					item.X = &x
				}
				p.Items = append(p.Items, item)
			}
			b.statements = true
			out = append(out, abi.Step{Launch: -1, Print: p})
		case *ir.If:
			then, els := b.stmts(s.Then), b.stmts(s.Else)
			if len(then) > 0 || len(els) > 0 {
				b.statements = true
				out = append(out, abi.Step{Launch: -1, If: &abi.If{Cond: hostExpr(s.Cond), Then: then, Else: els}})
			}
		}
	}
	return out
}

var hostOps = map[ir.Op]string{ir.Add: "+", ir.Sub: "-", ir.Mul: "*", ir.Div: "/", ir.Pow: "**", ir.Eq: "==", ir.Ne: "/=",
	ir.Lt: "<", ir.Le: "<=", ir.Gt: ">", ir.Ge: ">=", ir.And: "and", ir.Or: "or", ir.Neg: "neg", ir.Not: "not",
	ir.Eqv: "==", ir.Neqv: "/="}

// hostIntrinsics spells the intrinsics the host evaluates (sema checks
// that a host expression calls no other: sema/hostproc.go).
var hostIntrinsics = map[ir.IntrinsicID]string{ir.FnAbs: "abs", ir.FnMin: "min", ir.FnMax: "max", ir.FnMod: "mod",
	ir.FnModulo: "modulo", ir.FnSign: "sign", ir.FnSqrt: "sqrt", ir.FnInt: "conv", ir.FnNint: "nint",
	ir.FnReal: "conv", ir.FnDble: "conv", ir.FnFloat: "conv", ir.FnMerge: "merge"}

// hostExpr converts an expression sema checked to be host-computable
// (sema/hostproc.go).
func hostExpr(e ir.Expr) abi.Expr {
	k := abiKind(e.Type().Kind)
	if k == abi.Int {
		k = "" // the default integer, as format 3 writes it
	}
	switch e := e.(type) {
	case *ir.Const:
		switch {
		case e.Kind == ir.Logical:
			v := 0
			if e.Bool {
				v = 1
			}
			return abi.Expr{Op: "const", Kind: k, Value: v}
		case e.Kind.IsReal() && (math.IsNaN(e.Float) || math.IsInf(e.Float, 0)):
			return abi.Expr{Op: "const", Kind: k, Bits: strconv.FormatUint(math.Float64bits(e.Float), 10)}
		case e.Kind.IsReal():
			return abi.Expr{Op: "const", Kind: k, Real: e.Float}
		}
		return abi.Expr{Op: "const", Kind: k, Value: int(e.Int)}
	case *ir.Ref:
		return abi.Expr{Op: "name", Kind: k, Name: e.Var.Name}
	case *ir.Convert:
		return abi.Expr{Op: "conv", Kind: k, Args: []abi.Expr{hostExpr(e.X)}}
	case *ir.Unary:
		return abi.Expr{Op: hostOps[e.Op], Kind: k, Args: []abi.Expr{hostExpr(e.X)}}
	case *ir.Binary:
		return abi.Expr{Op: hostOps[e.Op], Kind: k, Args: []abi.Expr{hostExpr(e.X), hostExpr(e.Y)}}
	case *ir.Elem: // Note [host elements] in package abi
		x := abi.Expr{Op: "elem", Kind: k, Name: e.Var.Name, Line: e.Pos.Start.Line}
		for _, s := range e.Index {
			x.Args = append(x.Args, hostExpr(s))
		}
		return x
	case *ir.Intrinsic:
		x := abi.Expr{Op: hostIntrinsics[e.ID], Kind: k}
		for _, a := range e.Args {
			x.Args = append(x.Args, hostExpr(a))
		}
		return x
	}
	panic(fmt.Sprintf("internal error: codegen: host expression %T", e))
}
