package sema

import (
	"strconv"
	"strings"

	"github.com/forocl/forocl/ast"
)

// Note [directives in loop kernels]
// ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
// An !$omp or !$acc line in a loop kernel is read by its construct, the
// leading words of the directive (after "end"), looked up in
// directiveKinds:
//
//   - a compute loop (!$omp parallel do, !$omp target teams distribute
//     parallel do simd, !$omp loop, !$omp taskloop, !$acc parallel loop,
//     !$acc kernels loop, !$acc loop, ...) makes the next DO nest
//     parallel, as !$omp parallel do always did; !$acc loop seq leaves it
//     to run as written (a plain DO, Note [plain DO nests]);
//   - a region (!$omp parallel, target, teams, target data, single,
//     master, masked; !$acc parallel, kernels, serial, data, host_data)
//     and its end line are structure: the kernel is already host code
//     around launches, so the statements of a single or master block run
//     once on the host side as any statement between nests does, and
//     !$acc kernels makes the DO nests inside parallel where forocl
//     proves them independent;
//   - a standalone line (!$omp barrier, taskwait, flush, target enter
//     data, target exit data, target update, declare target; !$acc enter
//     data, exit data, update, wait, routine, declare) needs nothing:
//     launches run in order, and forocl moves the data itself.
//
// Clauses that change what the loop computes are honoured (collapse,
// private, firstprivate, reduction) or refused (lastprivate; a reduction
// on a region rather than on its loop). Clauses that only say how to run
// it, or where data lives (schedule, num_threads, if, device, map,
// copy..., present, async, ...), and the data directives themselves do
// not change the results: each is named in one directive-clause-ignored
// warning per line, never dropped in silence. shared, nowait and the
// OpenACC levels gang, worker, vector and auto are what forocl does anyway
// and pass without a word. Any other directive (critical, atomic, task,
// ordered, sections) is loop-directive.

// dirKind is what a directive line is to a loop kernel.
type dirKind int

const (
	dirUnknown    dirKind = iota
	dirLoop               // a compute loop construct: the next DO nest is parallel
	dirSeqLoop            // !$acc loop seq: the next DO runs as written
	dirRegion             // a region around nests and statements, or its end
	dirStandalone         // a line that needs nothing (barrier, data movement)
	dirData               // a data directive: forocl moves the data itself
)

// directiveKinds maps "api construct" to its kind (Note [directives in
// loop kernels]).
var directiveKinds = func() map[string]dirKind {
	m := map[string]dirKind{}
	add := func(k dirKind, api string, constructs ...string) {
		for _, c := range constructs {
			m[api+" "+c] = k
		}
	}
	add(dirLoop, "omp", "do", "do simd", "simd", "parallel do", "parallel do simd", "loop", "parallel loop",
		"teams loop", "target teams loop", "target parallel loop", "target parallel do", "target parallel do simd",
		"distribute", "distribute simd", "distribute parallel do", "distribute parallel do simd",
		"teams distribute", "teams distribute simd", "teams distribute parallel do", "teams distribute parallel do simd",
		"target teams distribute", "target teams distribute simd", "target teams distribute parallel do",
		"target teams distribute parallel do simd", "target simd", "taskloop", "taskloop simd")
	add(dirLoop, "acc", "parallel loop", "kernels loop", "loop", "serial loop")
	add(dirRegion, "omp", "parallel", "target", "teams", "target teams", "target parallel", "target data",
		"single", "master", "masked", "parallel master", "parallel masked")
	add(dirRegion, "acc", "parallel", "kernels", "serial", "data", "host_data")
	add(dirStandalone, "omp", "barrier", "taskwait", "flush", "declare target")
	add(dirStandalone, "acc", "wait", "routine")
	add(dirData, "omp", "target enter data", "target exit data", "target update")
	add(dirData, "acc", "enter data", "exit data", "update", "declare")
	return m
}()

// constructWords are the words a directive's construct is made of.
var constructWords = map[string]bool{
	"parallel": true, "do": true, "loop": true, "kernels": true, "simd": true, "data": true, "serial": true,
	"target": true, "teams": true, "distribute": true, "taskloop": true, "enter": true, "exit": true,
	"update": true, "host_data": true, "declare": true, "routine": true, "single": true, "master": true,
	"masked": true, "barrier": true, "taskwait": true, "flush": true, "wait": true,
}

// quietClauses say how to run a loop in ways forocl follows anyway
// (Note [directives in loop kernels]).
var quietClauses = map[string]bool{"shared": true, "nowait": true, "gang": true, "worker": true, "vector": true, "auto": true}

// readDirective splits d into its construct and clauses and looks the
// construct up (Note [directives in loop kernels]).
func readDirective(d *ast.LoopDirective) (kind dirKind, construct string, clauses []*ast.Clause, end bool) {
	words := d.Clauses
	if len(words) > 0 && words[0].Name == "end" {
		end = true
		words = words[1:]
	}
	var cw []string
	i := 0
	// A construct word may take an argument only as its last word:
	// "routine(f)", "flush(a)", "declare target(f)", "wait(1)".
	for ; i < len(words) && constructWords[words[i].Name]; i++ {
		cw = append(cw, words[i].Name)
		if words[i].HasArg {
			i++
			break
		}
	}
	construct = strings.Join(cw, " ")
	return directiveKinds[d.API+" "+construct], construct, words[i:], end
}

// directive interprets an !$omp or !$acc line at the top level of a loop
// kernel: a loop directive (returned for the next DO), or a region
// ("kernels", "parallel", ...; end reports its end) or standalone line
// (returned as region), or an error (Note [directives in loop kernels]).
func (l *lowerer) directive(d *ast.LoopDirective) (dir *loopDir, region string, end bool) {
	kind, c, clauses, end := readDirective(d)
	switch {
	case end: // an unknown construct is reported at its opening line
		return nil, c, true
	case l.cSyntax(d, kind, clauses):
		return nil, "", false
	case kind == dirUnknown:
		l.c.diags.Error(codeLoopDirective, d.Pos, "!$%s directive %q is not supported in a loop kernel", d.API, d.Words()).
			WithHint("forocl understands loop directives (!$omp parallel do, !$omp target teams distribute parallel do, !$omp loop, !$acc parallel loop, !$acc loop), regions (parallel, kernels, data, single, master) and data directives")
		return nil, "", false
	case kind == dirSeqLoop || kind == dirLoop && hasClause(clauses, "seq"):
		l.ignoredClauses(d, c, clauses, "seq")
		return nil, "seq", false
	case kind != dirLoop:
		l.regionClauses(d, kind, c, clauses)
		return nil, c, false
	}
	dir = &loopDir{d: d, construct: c, collapse: 1}
	var ignored []*ast.Clause
	for _, cl := range clauses {
		switch cl.Name {
		case "collapse":
			n, err := strconv.Atoi(strings.TrimSpace(cl.Arg))
			if err != nil || n < 1 {
				l.c.diags.Error(codeLoopDirective, cl.Pos, "collapse takes a positive integer constant, not %q", cl.Arg)
				continue
			}
			dir.collapse = n
		case "private", "firstprivate", "lastprivate":
			if cl.Args == nil && cl.HasArg {
				l.c.diags.Error(codeLoopDirective, cl.Pos, "%s takes a list of names", cl.Name)
			}
			if cl.Name == "lastprivate" {
				l.c.diags.Error(codeLoopDirective, cl.Pos, "lastprivate is not supported: a value computed by one iteration cannot leave the kernel").
					WithHint("store it in an array")
			}
			dir.private = append(dir.private, cl.Args...)
			if cl.Name == "firstprivate" {
				dir.first = append(dir.first, cl.Args...)
			}
		case "reduction":
			dir.reductions = append(dir.reductions, l.reductionClause(cl)...)
		default:
			ignored = append(ignored, cl)
		}
	}
	l.warnIgnored(d, c, ignored, "the loop computes")
	return dir, "", false
}

// cSyntax reports whether d is an !$omp line in C syntax ("parallel for",
// "for simd"): not a Fortran OpenMP directive, so gfortran without
// -fopenmp reads it as the comment it is. forocl warns and ignores it, and
// the nest after it is a plain DO nest (Note [plain DO nests]).
// "parallel for" reads as the region "parallel" with a clause "for".
func (l *lowerer) cSyntax(d *ast.LoopDirective, kind dirKind, clauses []*ast.Clause) bool {
	if d.API != "omp" || kind == dirLoop || len(clauses) == 0 || clauses[0].Name != "for" {
		return false
	}
	l.c.diags.Warn(codeDirectiveCSyntax, d.Pos, "!$omp %s is C syntax, not a Fortran OpenMP directive; forocl ignores it, as gfortran without -fopenmp does", d.Text()).
		WithHint("write the Fortran form, such as !$omp parallel do or !$omp teams distribute parallel do simd, to mark the loop")
	return true
}

// hasClause reports whether clauses hold one named name.
func hasClause(clauses []*ast.Clause, name string) bool {
	for _, cl := range clauses {
		if cl.Name == name {
			return true
		}
	}
	return false
}

// regionClauses checks the clauses of a region, standalone or data line.
func (l *lowerer) regionClauses(d *ast.LoopDirective, kind dirKind, c string, clauses []*ast.Clause) {
	var ignored []*ast.Clause
	for _, cl := range clauses {
		switch cl.Name {
		case "reduction", "lastprivate", "copyprivate":
			l.c.diags.Error(codeLoopDirective, cl.Pos, "%s on !$%s %s is not supported: forocl reduces only over a loop", cl.Name, d.API, c).
				WithHint("put the clause on the loop directive of the loop it belongs to")
		case "private", "firstprivate":
			// Every scalar local is private to each work-item already.
		default:
			ignored = append(ignored, cl)
		}
	}
	if kind == dirData {
		l.c.diags.Warn(codeDirectiveClauseIgnored, d.Pos, "!$%s %s has no effect: forocl moves the kernel's data itself", d.API, c)
		return
	}
	l.warnIgnored(d, c, ignored, "the kernel computes")
}

// ignoredClauses warns about clauses other than the one named keep.
func (l *lowerer) ignoredClauses(d *ast.LoopDirective, c string, clauses []*ast.Clause, keep string) {
	var ignored []*ast.Clause
	for _, cl := range clauses {
		if cl.Name != keep {
			ignored = append(ignored, cl)
		}
	}
	l.warnIgnored(d, c, ignored, "the loop computes")
}

// warnIgnored names, in one warning, the clauses of d that forocl does
// not follow, except the quiet ones; what is what they do not change.
func (l *lowerer) warnIgnored(d *ast.LoopDirective, c string, clauses []*ast.Clause, what string) {
	var names []string
	for _, cl := range clauses {
		if quietClauses[cl.Name] {
			continue
		}
		if cl.HasArg {
			names = append(names, cl.Name+"("+cl.Arg+")")
		} else {
			names = append(names, cl.Name)
		}
	}
	if len(names) == 0 {
		return
	}
	word := "clause"
	if len(names) > 1 {
		word = "clauses"
	}
	verb := "does"
	if len(names) > 1 {
		verb = "do"
	}
	l.c.diags.Warn(codeDirectiveClauseIgnored, clauses[0].Pos, "!$%s %s: forocl ignores the %s %s, which %s not change what %s", d.API, c, word, strings.Join(names, ", "), verb, what).
		WithHint("forocl chooses how the loop runs on the device and moves the data itself")
}
