package codegen

import (
	"fmt"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/ir"
)

// Host programs (Note [host program] in package abi): a loop kernel with
// host variables (ir.Kernel.HostVars) gets abi.Kernel.Steps, its launches
// and host loops with the top-level assignments to host variables as Set
// steps and the IF blocks around them as If steps. A nest whose bounds
// use host variables takes them as arguments, _host_NAME (abi.HostArg).

// isHostVar reports whether v is a host variable of k.
func isHostVar(k *ir.Kernel, v *ir.Var) bool {
	for _, h := range k.HostVars {
		if h == v {
			return true
		}
	}
	return false
}

// hostParam is the kernel parameter that passes host variable v.
func hostParam(v *ir.Var) string { return "_host_" + sanitize(v.Name) }

// hostArgs extends a launch's arguments and parameters with the host
// variables that nest n's bounds use.
func hostArgs(k *ir.Kernel, n *ir.Nest, args []abi.Arg, params []string) ([]abi.Arg, []string) {
	seen := map[*ir.Var]bool{}
	for _, a := range append(append([]ir.Affine(nil), n.Lo...), n.Hi...) {
		for _, t := range a.Terms {
			if isHostVar(k, t.Var) && !seen[t.Var] {
				seen[t.Var] = true
				args = append(args, abi.Arg{Kind: abi.HostArg, Name: t.Var.Name})
				params = append(params, "const int "+hostParam(t.Var))
			}
		}
	}
	return args, params
}

// hostSteps returns the program of loop kernel k, whose launches and host
// loops ak already lists, or nil when k has no host variables.
func hostSteps(k *ir.Kernel, ak *abi.Kernel) []abi.Step {
	if len(k.HostVars) == 0 {
		return nil
	}
	b := &stepBuilder{k: k, ak: ak}
	steps := b.stmts(k.Body)
	for ; b.launch < len(ak.Launches); b.launch++ {
		steps = append(steps, abi.Step{Launch: b.launch}) // the results launch
	}
	return steps
}

type stepBuilder struct {
	k            *ir.Kernel
	ak           *abi.Kernel
	launch, loop int
}

func (b *stepBuilder) stmts(body []ir.Stmt) []abi.Step {
	var out []abi.Step
	for _, s := range body {
		switch s := s.(type) {
		case *ir.Nest:
			for i := 0; i <= len(s.Reduces); i++ { // the nest, then its folds
				out = append(out, abi.Step{Launch: b.launch})
				b.launch++
			}
		case *ir.Loop:
			lp := &b.ak.HostLoops[b.loop]
			b.loop++
			out = append(out, abi.Step{Launch: -1, Loop: lp, Body: b.stmts(s.Body)})
		case *ir.Assign:
			if r, ok := s.LHS.(*ir.Ref); ok && isHostVar(b.k, r.Var) {
				out = append(out, abi.Step{Launch: -1, Set: &abi.Set{Var: r.Var.Name, Kind: abiKind(r.Var.Kind), X: hostExpr(s.RHS)}})
			}
		case *ir.If:
			then, els := b.stmts(s.Then), b.stmts(s.Else)
			if len(then) > 0 || len(els) > 0 {
				out = append(out, abi.Step{Launch: -1, If: &abi.If{Cond: hostExpr(s.Cond), Then: then, Else: els}})
			}
		}
	}
	return out
}

var hostOps = map[ir.Op]string{ir.Add: "+", ir.Sub: "-", ir.Mul: "*", ir.Div: "/", ir.Eq: "==", ir.Ne: "/=",
	ir.Lt: "<", ir.Le: "<=", ir.Gt: ">", ir.Ge: ">=", ir.And: "and", ir.Or: "or", ir.Neg: "neg", ir.Not: "not"}

// hostExpr converts an expression sema checked to be host-computable
// (sema/hostvars.go).
func hostExpr(e ir.Expr) abi.Expr {
	switch e := e.(type) {
	case *ir.Const:
		if e.Kind == ir.Logical {
			if e.Bool {
				return abi.Expr{Op: "const", Value: 1}
			}
			return abi.Expr{Op: "const", Value: 0}
		}
		return abi.Expr{Op: "const", Value: int(e.Int)}
	case *ir.Ref:
		return abi.Expr{Op: "name", Name: e.Var.Name}
	case *ir.Unary:
		return abi.Expr{Op: hostOps[e.Op], Args: []abi.Expr{hostExpr(e.X)}}
	case *ir.Binary:
		return abi.Expr{Op: hostOps[e.Op], Args: []abi.Expr{hostExpr(e.X), hostExpr(e.Y)}}
	case *ir.Intrinsic:
		x := abi.Expr{Op: ir.Intrinsics[e.ID].Name}
		for _, a := range e.Args {
			x.Args = append(x.Args, hostExpr(a))
		}
		return x
	}
	panic(fmt.Sprintf("internal error: codegen: host expression %T", e))
}
