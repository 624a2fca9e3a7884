package main

import (
	"os/exec"
	"strings"
	"testing"

	"github.com/forocl/forocl/internal/cltest"
)

// TestReadmeGoSection (issue 26) runs scripts/go-example.sh: README.md's
// "From Go" section as written, on a fresh module in a temporary folder
// (forocl as a go tool dependency through a replace of this checkout, go
// generate, go run), offline with this checkout's go.sum; the script also
// checks what go doc shows of the generated package.
func TestReadmeGoSection(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a module and forocl: not with -short")
	}
	cltest.Context(t) // skips without OpenCL unless FOROCL_REQUIRE_OPENCL
	out, err := exec.Command("bash", "../../scripts/go-example.sh").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "go-example: ok") {
		t.Fatalf("scripts/go-example.sh: %v\n%s", err, out)
	}
}
