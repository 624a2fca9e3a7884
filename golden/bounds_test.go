package golden

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/forocl/forocl/codegen"
	"github.com/forocl/forocl/hostgen"
	"github.com/forocl/forocl/regions"
)

// boundsKernel writes b(i) for i = 1..n into b(m): out of bounds when m < n.
const boundsKernel = `!$OFP PURE, KERNEL :: wr
subroutine wr(n, m, a, b)
  integer, intent(in) :: n, m
  real, intent(in) :: a(n)
  real, intent(out) :: b(m)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(i) + 1.0
  end do
end subroutine wr

!$OFP PURE, KERNEL :: gather
subroutine gather(n, m, idx, a, b)
  integer, intent(in) :: n, m
  integer, intent(in) :: idx(n)
  real, intent(in) :: a(m)
  real, intent(out) :: b(n)
  integer :: i
  do concurrent (i = 1:n)
    b(i) = a(idx(i))
  end do
end subroutine gather
`

// boundsMain calls the harness of boundsKernel with the mistake named by
// its argument and prints the error.
const boundsMain = `package main

import (
	"fmt"
	"os"

	"github.com/forocl/forocl/clhost"
)

func main() {
	dev, err := clhost.Select("")
	if err != nil {
		panic(err)
	}
	c, err := clhost.NewContext(dev)
	if err != nil {
		panic(err)
	}
	defer c.Close()
	k, err := NewWr(c)
	if err != nil {
		panic(err)
	}
	defer k.Close()
	a12, _ := c.NewArray(clhost.Float32, 12)
	b10, _ := c.NewArray(clhost.Float32, 10)
	b12, _ := c.NewArray(clhost.Float32, 12)
	switch os.Args[1] {
	case "bounds":
		err = k.Run(12, 10, a12, b10)
	case "alias":
		err = k.Run(12, 12, a12, a12)
	case "good":
		err = k.Run(12, 12, a12, b12)
	case "gather-bad", "gather-good":
		g, gerr := NewGather(c)
		if gerr != nil {
			panic(gerr)
		}
		defer g.Close()
		idx, _ := c.NewArray(clhost.Int32, 5)
		b5, _ := c.NewArray(clhost.Float32, 5)
		vals := []int32{1, 3, 13, 2, 4}
		if os.Args[1] == "gather-good" {
			vals[2] = 12
		}
		if err := c.WriteInt32(idx.Buffer, vals); err != nil {
			panic(err)
		}
		err = g.Run(5, 12, idx, a12, b5)
	}
	fmt.Println("error:", err)
}
`

// TestHarnessRefuses builds the Go harness of loop kernels as a program
// and calls it with a write past the end of an array (which crashed) and
// with one array as input and output: each is an error before the launch;
// generated with --check-bounds, a gather through a bad index is an error
// after the launch naming the index.
func TestHarnessRefuses(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	src := filepath.Join(t.TempDir(), "wr.f90")
	if err := os.WriteFile(src, []byte(boundsKernel), 0o644); err != nil {
		t.Fatal(err)
	}
	// With --check-bounds: gather checks its subscripts on the device.
	comp := compile(t, src)
	u := codegen.OpenCL(comp.res.Program, comp.plans[regions.Direct], comp.res.Program.Kernels, "wr.f90", codegen.Options{CheckBounds: true})
	harness, err := hostgen.GoHarness(u, "wr.cl", "main")
	if err != nil {
		t.Fatal(err)
	}
	dir, err := os.MkdirTemp("testdata", "boundsprog")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(dir)
	for name, text := range map[string][]byte{"wr.cl": []byte(u.Source), "wr_cl.go": harness, "main.go": []byte(boundsMain)} {
		if err := os.WriteFile(filepath.Join(dir, name), text, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	exe := filepath.Join(t.TempDir(), "wr")
	if out, err := exec.Command("go", "build", "-o", exe, "./"+filepath.ToSlash(dir)).CombinedOutput(); err != nil {
		t.Fatalf("go build of the harness: %v\n%s", err, out)
	}
	for what, want := range map[string]string{
		"bounds":      `error: kernel "wr" writes array "b" at indices 1:12 of dimension 1 (wr.f90:8), outside its declared bounds 1:10 (with n=12, m=10); give sizes that keep the loop inside the array`,
		"alias":       `error: wr: arrays "a" and "b" are one device buffer, and the kernel writes "b"; pass separate arrays`,
		"good":        "error: <nil>",
		"gather-bad":  `error: index 13 of dimension 1 of array "a" out of bounds 1:12 in kernel "gather" (wr.f90:20)`,
		"gather-good": "error: <nil>",
	} {
		out, err := exec.Command(exe, what).CombinedOutput()
		if err != nil || !strings.Contains(string(out), want) {
			t.Errorf("%s: %v, output %q, want %q", what, err, out, want)
		}
	}
}
