package robust

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// fuzzLimit is how long one fuzz input may take through the whole
// pipeline. Seeds take milliseconds; a mutated input is at most a few
// times larger.
const fuzzLimit = 10 * time.Second

// FuzzFrontEnd feeds arbitrary text to the whole pipeline: parser.Parse and
// sema.Check, then regions.Analyze and codegen.OpenCL with both strategies
// whenever sema accepts the input (the back end must handle everything the
// front end lets through). Nothing may panic, report an internal error, or
// point a diagnostic outside the file. It is seeded with the corpus, the
// bad inputs, the shallow-water example and the error examples.
//
// Crashers found by "go test -fuzz" land in testdata/fuzz/FuzzFrontEnd and
// are replayed by every plain "go test" run.
func FuzzFrontEnd(f *testing.F) {
	var files []string
	for _, pat := range []string{
		"../testdata/kernels/*.f90",
		"../testdata/bad/*.f90",
		"../examples/shallowwater/fortran/*.f90",
		"testdata/errors/*.f90",
	} {
		m, _ := filepath.Glob(pat)
		files = append(files, m...)
	}
	if len(files) < 40 {
		f.Fatalf("only %d seed files", len(files))
	}
	for _, name := range files {
		src, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src)
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		// A hang or a blow-up is a bug too: the watchdog turns it into a
		// failure the fuzzer records, instead of a stalled worker.
		var out outcome
		within(t, fuzzLimit, func() { out = frontEnd("f.f90", src) })
		checkDiags(t, "f.f90", src, out.diags)
		if out.prog != nil {
			for _, s := range strategies {
				if out.cl[s] == "" {
					t.Errorf("sema accepted the input but %s generated nothing", s)
				}
			}
		}
	})
}
