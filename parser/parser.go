// Package parser turns one free-form Fortran source file into an *ast.File.
// It is the first pass of forocl: cmd/forocl and the tests call Parse, and
// sema.Check reads what it returns.
//
// Parsing happens in three steps:
//
//  1. lexer.go splits the file into logical statements (continuations
//     joined, ";" split, comments dropped, !$OFP directives kept), each a
//     slice of tokens carrying their original positions;
//  2. stmt.go classifies each statement by its leading keyword and parses
//     it: every expression, and assignments and call statements whole, with
//     the hand-written expression parser of expr.go (Note [expressions]);
//     declarations, attribute, use and subprogram statements with the
//     participle grammar of grammar.go, which hands each expression in them
//     to expr.go and which lower.go turns into ast nodes (no participle type
//     leaves this package). Brackets are known in one place, brackets.go;
//  3. build.go assembles statements into program units and where/if
//     constructs and reports structural errors.
//
// Parse never panics on user input and keeps going after errors, one error
// per statement; see Note [errors in bodies] for which syntax errors become
// diagnostics and which are kept in an OtherStmt for sema.
package parser

import (
	"fmt"
	"runtime"
	"sync"

	"github.com/forocl/forocl/ast"
	"github.com/forocl/forocl/diag"
)

// Parse parses one free-form Fortran source file. It never panics on any
// input (bad bytes, huge lines, deep nesting) and always returns a non-nil
// *ast.File holding everything it could recover. name is used in every
// diag.Pos.File. The diagnostics are in source order.
func Parse(name string, src []byte) (f *ast.File, diags diag.List) {
	f, diags, _ = ParseFile(name, src, Options{})
	return f, diags
}

// Options configure ParseFile.
type Options struct {
	// Form is the source form; FormAuto picks it by extension.
	Form Form
	// Defines are the -D and -U options, in order.
	Defines []Define
	// IncludeDirs are searched for #include files after the folder of
	// the file that includes them.
	IncludeDirs []string
	// ReadFile reads #include files; nil reads regular files of at most
	// 16 MiB (Note [preprocessor limits]).
	ReadFile func(path string) ([]byte, error)

	limits *cppLimits // nil: defaultLimits; tests lower them
}

// ParseFile parses one Fortran source file as Parse does, first running
// the preprocessor (Note [preprocessor]) over .F90, .F and .FOR files and
// any file with a line that starts with "#", and reading fixed form
// (Note [fixed form]) as opts.Form or the extension says. included holds
// the contents of the #include'd files, whose positions the diagnostics
// may name.
func ParseFile(name string, src []byte, opts Options) (f *ast.File, diags diag.List, included diag.Sources) {
	f = &ast.File{Name: name}
	defer func() {
		if r := recover(); r != nil {
			// A bug in the parser, not in the user's file: say so plainly
			// rather than crash the compiler.
			diags.Error(diag.InternalError, diag.Span{Start: diag.Pos{File: name}}, "internal error: parser panic: %v", r)
		}
	}()
	rewritten := false
	lstmts := scanFile(name, src, opts, &diags, &included, &rewritten)
	cs := classifyAll(lstmts)
	b := &builder{stmts: cs, diags: &diags, file: f}
	b.build()
	if rewritten {
		all := diag.Sources{name: src}
		for p, text := range included {
			all[p] = text
		}
		FixOffsets(&diags, all)
	}
	diags.Sort()
	return f, diags, included
}

// scanFile splits src into statements, through the preprocessor and the
// fixed-form reader when the file needs them (see Note [source maps]).
func scanFile(name string, src []byte, opts Options, diags *diag.List, included *diag.Sources, rewritten *bool) []*logicalStmt {
	fixed := isFixed(name, opts.Form)
	cpp, incl := needsCpp(name, src), hasIncludeLine(src)
	if !fixed && !cpp && !incl {
		sc := &scanner{name: name, src: src, diags: diags, free: true}
		return sc.scan()
	}
	text := identity(name, src)
	if cpp || incl {
		text, *included = runCpp(text, name, opts, fixed, !cpp, diags) // Note [INCLUDE lines]
	}
	if fixed {
		text = fixedToFree(text, diags)
	}
	var sdiags diag.List
	sc := &scanner{name: name, src: text.text, diags: &sdiags, free: !fixed}
	lstmts := sc.scan()
	text.remap(lstmts, &sdiags)
	diags.Append(sdiags)
	*rewritten = true
	return lstmts
}

// ParseExpr parses src as a single expression; it is meant for tests and
// tools. Positions are reported as in file name.
func ParseExpr(name string, src string) (ast.Expr, diag.List) {
	var diags diag.List
	sc := &scanner{name: name, src: []byte(src), diags: &diags}
	lstmts := sc.scan()
	if diags.HasErrors() {
		return nil, diags
	}
	if len(lstmts) != 1 || lstmts[0].dir != nil {
		diags.Error(codeSyntaxUnexpectedToken, diag.At(diag.Pos{File: name, Line: 1, Col: 1}), "expected one expression, found %d statements", len(lstmts))
		return nil, diags
	}
	x, pe := parseExpr(lstmts[0].toks)
	if pe != nil {
		pe.report(&diags)
		return nil, diags
	}
	return x, diags
}

// classifyAll classifies the statements, spreading them over the CPUs:
// statements are independent.
func classifyAll(ls []*logicalStmt) []*cstmt {
	cs := make([]*cstmt, len(ls))
	workers := runtime.GOMAXPROCS(0)
	if len(ls) < 256 || workers < 2 {
		for i, l := range ls {
			cs[i] = classify(l)
			l.toks = nil
		}
		return cs
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	var panicked any
	chunk := (len(ls) + workers - 1) / workers
	for lo := 0; lo < len(ls); lo += chunk {
		hi := min(lo+chunk, len(ls))
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() {
				if r := recover(); r != nil {
					mu.Lock()
					panicked = r
					mu.Unlock()
				}
			}()
			for i := lo; i < hi; i++ {
				cs[i] = classify(ls[i])
				ls[i].toks = nil // not needed any more; keeps the live heap small
			}
		}()
	}
	wg.Wait()
	if panicked != nil {
		panic(fmt.Sprintf("in a worker: %v", panicked)) // recovered by Parse
	}
	return cs
}
