package parser

import (
	"fmt"

	"github.com/forocl/forocl/diag"
)

// Note [brackets]: Fortran has three bracket pairs, "(" ")", "(/" "/)" and
// "[" "]". This file is the one place that knows them: bracketOf says
// whether a token opens or closes one, closerOf pairs them, checkBrackets
// reports the first unbalanced bracket of a statement, and matchBracket
// finds a partner by depth (valid once checkBrackets has passed). The
// statement classifier, parseKinds and the expression parser all go
// through these.

// bracketOf returns +1 if t opens a bracket, -1 if it closes one, else 0.
func bracketOf(t tok) int {
	if t.kind != tPunct {
		return 0
	}
	switch t.val {
	case "(", "(/", "[":
		return 1
	case ")", "/)", "]":
		return -1
	}
	return 0
}

// closerOf returns the bracket that closes the opening bracket open.
func closerOf(open string) string {
	switch open {
	case "(/":
		return "/)"
	case "[":
		return "]"
	}
	return ")"
}

// matchBracket returns the index of the bracket that closes the opening
// bracket at ts[i] (counting depth, whatever the bracket kinds), or -1.
func matchBracket(ts []tok, i int) int {
	depth := 0
	for j := i; j < len(ts); j++ {
		b := bracketOf(ts[j])
		depth += b
		if b < 0 && depth == 0 {
			return j
		}
	}
	return -1
}

// checkBrackets reports the first unbalanced, mismatched or too deeply
// nested bracket of ts.
func checkBrackets(ts []tok) *perr {
	var stack []int
	for i, t := range ts {
		switch bracketOf(t) {
		case 1:
			stack = append(stack, i)
			if len(stack) > maxDepth {
				return &perr{code: codeSyntaxNestingTooDeep, span: tokSpan(t), msg: "expression nested too deeply", always: true,
					hint: fmt.Sprintf("at most %d levels of brackets are supported; split the expression", maxDepth)}
			}
		case -1:
			if len(stack) == 0 {
				return &perr{code: codeSyntaxUnmatchedBracket, span: tokSpan(t), msg: fmt.Sprintf("unexpected %q without a matching opening bracket", t.val)}
			}
			o := ts[stack[len(stack)-1]]
			if want := closerOf(o.val); t.val != want {
				return &perr{code: codeSyntaxMismatchedBracket, span: tokSpan(t), msg: fmt.Sprintf("expected %q, found %q", want, t.val),
					note: &diag.NoteMsg{Span: tokSpan(o), Msg: fmt.Sprintf("to match this %q", o.val)}}
			}
			stack = stack[:len(stack)-1]
		}
	}
	if len(stack) > 0 {
		o := ts[stack[len(stack)-1]]
		return &perr{code: codeSyntaxUnclosedBracket, span: diag.At(ts[len(ts)-1].end), msg: fmt.Sprintf("expected %q", closerOf(o.val)),
			note: &diag.NoteMsg{Span: tokSpan(o), Msg: fmt.Sprintf("to match this %q", o.val)}}
	}
	return nil
}
