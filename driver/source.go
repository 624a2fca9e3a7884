package driver

import (
	"errors"
	"fmt"
	"os"

	"github.com/forocl/forocl/diag"
	"github.com/forocl/forocl/internal/fsutil"
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
// require (build, run) an error.
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
	d.WithHint(`mark a subroutine with "!$OFP PURE, KERNEL :: name" (the name --kernel takes) or declare it "pure elemental subroutine"`)
}
