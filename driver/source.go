package driver

import (
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/forocl/forocl/diag"
)

// readSource reads one input file, refusing what is not a regular file and
// what is larger than MaxSourceBytes. On refusal it adds an error naming the
// file and returns nil.
func (res *Result) readSource(path string) []byte {
	at := diag.Span{Start: diag.Pos{File: path}}
	src, err := readLimited(path, MaxSourceBytes)
	switch {
	case err == errTooLarge:
		res.Diags.Error(codeTooLarge, at, "file is larger than %d MiB, the most forocl reads", MaxSourceBytes>>20).
			WithHint("give the Fortran file that holds the kernels")
		return nil
	case err != nil:
		if kind, ok := err.(notRegular); ok {
			res.Diags.Error(codeNotRegular, at, "not a regular file but %s; forocl reads source files only", string(kind)).
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

type notRegular string

func (n notRegular) Error() string { return "not a regular file: " + string(n) }

type tooLarge struct{}

func (tooLarge) Error() string { return "file too large" }

var errTooLarge error = tooLarge{}

// readLimited reads the regular file at path, at most limit bytes; a larger
// file is errTooLarge and a file that is not regular (checked on the open
// file, so a path swapped in between cannot slip through) is notRegular.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, notRegular(describeMode(st.Mode()))
	}
	if st.Size() > limit {
		return nil, errTooLarge
	}
	src, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(src)) > limit {
		return nil, errTooLarge // the file grew while it was read
	}
	return src, nil
}

func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeCharDevice != 0:
		return "a character device"
	case m&fs.ModeDevice != 0:
		return "a block device"
	}
	return "a special file"
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
