package fortranrt

import (
	"os"
	"strings"
	"testing"
)

// TestRuntimeCurrent: the committed runtime's generated specifics are
// what the templates write now (go generate ./internal/fortranrt).
func TestRuntimeCurrent(t *testing.T) {
	text, err := os.ReadFile("../../fortran/forocl_cl.f90")
	if err != nil {
		t.Fatal(err)
	}
	got, err := Update(string(text))
	if err != nil {
		t.Fatal(err)
	}
	if got != string(text) {
		t.Error("fortran/forocl_cl.f90 differs from its templates: run go generate ./internal/fortranrt")
	}
	// Every specific the generic interfaces name is written, once.
	for _, f := range families {
		for _, k := range kinds {
			for _, r := range []string{"1", "2", "3"} {
				name := f.name + "_" + k.suffix + "_" + r
				if n := strings.Count(got, "  subroutine "+name+"("); n != 1 {
					t.Errorf("subroutine %s is written %d times, want 1", name, n)
				}
			}
		}
	}
}

// TestUpdateRefuses: a run without its end line or naming an unknown
// family is an error, and the text is not changed.
func TestUpdateRefuses(t *testing.T) {
	for _, text := range []string{
		"module m\n" + begin + " create\n  subroutine x\n",
		"module m\n" + begin + " nosuch\n" + end + "\n",
		"module m\n",
	} {
		if _, err := Update(text); err == nil {
			t.Errorf("Update(%q) succeeded", text)
		}
	}
	edited := "x\n" + begin + " release\n  junk\n" + end + "\ny\n"
	out, err := Update(edited)
	if err != nil || strings.Contains(out, "junk") || !strings.Contains(out, "subroutine release_i8_3(x)") {
		t.Errorf("Update did not rewrite the run: %v\n%s", err, out)
	}
}
