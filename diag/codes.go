package diag

import (
	"fmt"
	"sort"
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
