package driver

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/diag"
)

func compileText(paths []string, opts Options) (*Result, string) {
	res := Compile(paths, opts)
	return res, res.Diags.String(res.Sources)
}

// Issue 11: "check /dev/zero" read without limit.
func TestRefusesSpecialFiles(t *testing.T) {
	for path, kind := range map[string]string{"/dev/zero": "a character device", t.TempDir(): "a directory"} {
		if _, err := os.Stat(path); err != nil {
			continue
		}
		_, text := compileText([]string{path}, Options{})
		want := path + ": error: not a regular file but " + kind + "; forocl reads source files only [input-not-regular]"
		if !strings.Contains(text, want) {
			t.Errorf("got %q, want %q", text, want)
		}
	}
}

func TestRefusesHugeFiles(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.f90")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(MaxSourceBytes + 1); err != nil { // sparse: costs no disk
		t.Fatal(err)
	}
	f.Close()
	res, text := compileText([]string{path}, Options{})
	if !strings.Contains(text, path+": error: file is larger than 16 MiB, the most forocl reads [input-too-large]") {
		t.Errorf("got %q", text)
	}
	if res.Sources[path] != nil {
		t.Errorf("the file was kept")
	}
	os.Truncate(path, MaxSourceBytes)
	if _, text := compileText([]string{path}, Options{}); strings.Contains(text, "larger") {
		t.Errorf("a file of exactly the limit is refused: %q", text)
	}
}

func TestNoKernelsSeverity(t *testing.T) {
	path := filepath.Join(t.TempDir(), "m.f90")
	os.WriteFile(path, []byte("module m\n  real, parameter :: g = 9.8\nend module m\n"), 0o644)
	res, _ := compileText([]string{path}, Options{})
	if res.Diags.Count(diag.Warning) != 1 || res.Diags.HasErrors() || res.Program == nil {
		t.Errorf("check: want one warning and a program, got %+v", res.Diags.Items)
	}
	res, _ = compileText([]string{path}, Options{RequireKernels: true})
	if !res.Diags.HasErrors() || res.Diags.Items[0].Code != "no-kernels-to-build" {
		t.Errorf("build: want the no-kernels error, got %+v", res.Diags.Items)
	}
}
