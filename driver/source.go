package driver

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/internal/fsutil"
	"github.com/forocl/forocl/parser"
	"github.com/forocl/forocl/sema"
)

// readSource reads one input file, refusing what is not a regular file and
// what is larger than MaxSourceBytes. On refusal it adds an error naming the
// file and returns nil.
func (res *Result) readSource(path string) []byte {
	at := diag.Span{Start: diag.Pos{File: path}}
	src, err := fsutil.ReadRegular(path, MaxSourceBytes)
	var notRegular *fsutil.NotRegularError
	var tooLarge *fsutil.TooLargeError
	switch {
	case errors.As(err, &tooLarge):
		res.Diags.Error(codeTooLarge, at, "file is larger than %d MiB, the most forocl reads", MaxSourceBytes>>20).
			WithHint("give the Fortran file that holds the kernels")
		return nil
	case err != nil:
		if errors.As(err, &notRegular) {
			res.Diags.Error(codeNotRegular, at, "not a regular file but %s; forocl reads source files only", notRegular.Kind).
				WithHint("give the path of a .f90 file")
			return nil
		}
		msg := err.Error()
		if pe, ok := err.(*os.PathError); ok {
			msg = pe.Err.Error()
		}
		res.Diags.Add(diag.Diagnostic{Code: codeFileUnreadable, Severity: diag.Error, Span: at, Msg: "cannot read file: " + msg})
		return nil
	}
	return src
}

// noKernels reports that the files define no kernel: a warning, or with
// require (build, run) an error. Its hint names the subroutines and
// functions that --kernel could take (Candidates).
func (res *Result) noKernels(paths []string, require bool) {
	if len(paths) == 0 {
		return
	}
	at := diag.Span{Start: diag.Pos{File: paths[0], Line: 1, Col: 1}} // the start of the first file
	names := "this file"
	if len(paths) > 1 {
		names = fmt.Sprintf("any of the %d files", len(paths))
	}
	var d *diag.Diagnostic
	if require {
		d = res.Diags.Error(codeNoKernelsToBuild, at, "no kernels found in %s; nothing to build or run", names)
	} else {
		d = res.Diags.Warn(codeNoKernels, at, "no kernels found in %s", names)
	}
	taken, refused := splitCandidates(res.Candidates())
	switch {
	case len(taken) > 0 && len(refused) > 0:
		d.WithHint("no subroutine is marked as a kernel; forocl takes %s with --kernel NAME, and refuses %s (forocl check --kernel NAME says why)", wordList(taken), wordList(refused))
	case len(taken) > 0:
		d.WithHint("no subroutine is marked as a kernel; forocl takes %s with --kernel NAME", wordList(taken))
	case len(refused) > 0:
		d.WithHint("no subroutine is marked as a kernel, and forocl refuses %s as one (forocl check --kernel NAME says why)", wordList(refused))
	default:
		d.WithHint(`mark a subroutine with "!$OFP PURE, KERNEL :: name" (the name --kernel takes) or declare it "pure elemental subroutine"`)
	}
}

// Candidate is a procedure that --kernel could name: Refusal is nil when
// forocl takes it as a kernel, else the first error that compiling it as
// one reports (what forocl check --kernel NAME prints first).
type Candidate struct {
	Name    string
	Refusal *diag.Diagnostic
}

// Candidates tries each candidate procedure of the files as the kernel that
// --kernel would name, in source order: the list forocl check prints for
// files that mark no kernel, and the names its no-kernels hint gives.
// They are computed once per Result (the hint, then check's list).
func (res *Result) Candidates() []Candidate {
	if res.candidates == nil {
		res.candidates = res.tryCandidates()
	}
	return *res.candidates
}

// tryCandidates compiles each candidate of the files as the only kernel.
func (res *Result) tryCandidates() *[]Candidate {
	var out []Candidate
	for _, name := range sema.Subroutines(res.Files) {
		prog, d := sema.Check(res.Files, sema.Options{Library: res.Library, Kernels: []string{name}})
		if prog != nil && !d.HasErrors() {
			d = codegen.CheckNames(prog) // as Front does: Note [host names]
		}
		parser.FixOffsets(&d, res.Sources)
		d.Sort()
		c := Candidate{Name: name}
		for i := range d.Items {
			if d.Items[i].Severity == diag.Error {
				c.Refusal = &d.Items[i]
				break
			}
		}
		out = append(out, c)
	}
	return &out
}

// splitCandidates returns the names of the candidates forocl takes and of
// those it refuses.
func splitCandidates(cs []Candidate) (taken, refused []string) {
	for _, c := range cs {
		if c.Refusal == nil {
			taken = append(taken, c.Name)
		} else {
			refused = append(refused, c.Name)
		}
	}
	return taken, refused
}

// wordList joins names with commas, the last few elided past eight.
func wordList(names []string) string {
	if len(names) > 8 {
		return fmt.Sprintf("%s and %d more", strings.Join(names[:8], ", "), len(names)-8)
	}
	return strings.Join(names, ", ")
}
