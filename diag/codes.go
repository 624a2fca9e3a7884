package diag

import (
	"fmt"
	"sort"
	"strings"
	"sync"
)

// Code is a diagnostic's stable identifier, such as "kernel-inout". It is
// rendered at the end of the diagnostic's first line in brackets, the way
// clang shows [-Wflag], and `forocl explain CODE` prints its entry. Codes
// never change meaning once released; a retired code is not reused.
type Code string

// CodeInfo is one entry of the table of codes: what the code means and what
// to do about it. docs/errors.md is generated from these entries.
type CodeInfo struct {
	Code     Code
	Severity Severity // the severity diagnostics with this code have
	Stage    string   // the pass that reports it: "parser", "sema", "regions", "codegen", "driver"
	Topic    string   // the section of docs/errors.md it is listed under, such as "Halos and regions"
	Summary  string   // one line: what is wrong
	Help     string   // a paragraph: why, and what to do instead
}

var (
	codesMu sync.Mutex
	codes   = map[Code]*CodeInfo{}
)

// Define adds an entry to the table of codes and returns its code. Each
// package declares its codes once, in a package-level var block (see
// sema/codes.go); defining a code twice is an internal error.
func Define(info CodeInfo) Code {
	codesMu.Lock()
	defer codesMu.Unlock()
	if info.Code == "" {
		panic("internal error: diag.Define with an empty code")
	}
	if _, dup := codes[info.Code]; dup {
		panic(fmt.Sprintf("internal error: diagnostic code %q defined twice", info.Code))
	}
	c := info
	codes[info.Code] = &c
	return info.Code
}

// InternalError is the code of a diagnostic that reports a bug in forocl
// rather than in its input, such as a recovered parser panic.
var InternalError = Define(CodeInfo{Code: "internal-error", Severity: Error, Stage: "any", Topic: "Internal errors",
	Summary: "forocl hit a bug of its own",
	Help:    "The message describes a failure inside forocl, not a problem with the input; no Fortran source should produce it. Please report it with the input that triggers it."})

// Lookup returns the table entry of code.
func Lookup(code Code) (CodeInfo, bool) {
	codesMu.Lock()
	defer codesMu.Unlock()
	c, ok := codes[code]
	if !ok {
		return CodeInfo{}, false
	}
	return *c, true
}

// Codes returns every defined entry, sorted by code. Only the packages
// linked into the program have registered theirs.
func Codes() []CodeInfo {
	codesMu.Lock()
	defer codesMu.Unlock()
	out := make([]CodeInfo, 0, len(codes))
	for _, c := range codes {
		out = append(out, *c)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Code < out[j].Code })
	return out
}

// Explain returns the entry of c as `forocl explain` prints it: the code,
// its severity and stage, the summary, and the help wrapped at 76 columns.
func (c CodeInfo) Explain() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s (%s, reported by %s)\n\n", c.Code, c.Severity, c.Stage)
	fmt.Fprintf(&b, "%s\n\n", c.Summary)
	line := 0
	for i, w := range strings.Fields(c.Help) {
		if i > 0 && line+1+len(w) > 76 {
			b.WriteByte('\n')
			line = 0
		} else if i > 0 {
			b.WriteByte(' ')
			line++
		}
		b.WriteString(w)
		line += len(w)
	}
	fmt.Fprintf(&b, "\n\nExamples: docs/errors.md#%s\n", c.Code)
	return b.String()
}

// Closest returns up to n defined codes that look like code (a misspelt
// or partial code), nearest first: codes that contain it, then codes
// within a small edit distance. It returns none when nothing is close.
func Closest(code string, n int) []Code {
	type cand struct {
		code  Code
		score int
	}
	var cs []cand
	for _, c := range Codes() {
		s := string(c.Code)
		d := editDistance(code, s)
		switch {
		case code != "" && strings.Contains(s, code):
			cs = append(cs, cand{c.Code, 0})
		case d <= max(2, len(code)/3):
			cs = append(cs, cand{c.Code, d})
		}
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].score < cs[j].score })
	var out []Code
	for i := 0; i < len(cs) && i < n; i++ {
		out = append(out, cs[i].code)
	}
	return out
}

// editDistance is the Levenshtein distance between a and b, in bytes.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
