package golden

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/forocl/forocl/abi"
	"github.com/forocl/forocl/internal/oracle"
	"github.com/forocl/forocl/npy"
	"github.com/forocl/forocl/regions"
	"github.com/forocl/forocl/runner"
)

// hostResultsSource is a loop kernel with results of four kinds: a real
// sum, an integer count, a logical .or. and an intent(inout) real(8)
// total updated on the host after the reductions.
const hostResultsSource = `module hr
contains
!$OFP PURE, KERNEL :: stats
subroutine stats(n, a, s, m, big, t)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: s
  integer, intent(out) :: m
  logical, intent(out) :: big
  real(8), intent(inout) :: t
  integer :: i
  s = 0.0
  m = 0
  big = .false.
  !$omp parallel do reduction(+:s, m) reduction(.or.:big)
  do i = 1, n
    s = s + a(i)
    if (a(i) > 1.0) m = m + 1
    big = big .or. a(i) > 2.5
  end do
  t = t*2.0d0 + m
end subroutine
!$OFP PURE, KERNEL :: twice
subroutine twice(n, a, b, c)
  integer, intent(in) :: n
  real, intent(in) :: a(n)
  real, intent(out) :: b(n)
  real, intent(out) :: c
  integer :: i
  c = 2.0*n
  !$omp parallel do
  do i = 1, n
    b(i) = 2.0*a(i)
  end do
end subroutine
end module
`

// spoilResults makes the results launch of u write -7 into every result
// instead of the host's values, so that a host that launched it and read
// the result buffers back would return -7 (Note [results from the host]
// in package abi); want is the number of results it writes.
func spoilResults(t *testing.T, u *abi.Unit, want int) {
	t.Helper()
	spoil := regexp.MustCompile(`(_res_\w+)\[0\] = _host_\w+;`)
	if n := len(spoil.FindAllString(u.Source, -1)); n != want {
		t.Fatalf("the results kernel writes %d results; want %d:\n%s", n, want, u.Source)
	}
	u.Source = spoil.ReplaceAllString(u.Source, "$1[0] = -7;")
}

// hostResultsUnit compiles hostResultsSource and spoils its results
// launch; it returns the unit and the source's path.
func hostResultsUnit(t *testing.T) (*abi.Unit, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "hr.f90")
	if err := os.WriteFile(path, []byte(hostResultsSource), 0o644); err != nil {
		t.Fatal(err)
	}
	u := compile(t, path).units[regions.Direct]
	spoilResults(t, u, 5)
	return u, path
}

// hostResultsMain runs stats on 1000 elements (0.1 (i mod 31)) through
// Run, RunContext and Timed, printing the results of each, then Run's Go
// allocations per call; then twice through Run and RunContext, printing
// their results and how many times each waited for the device.
const hostResultsMain = `package main

import (
	"context"
	"fmt"
	"os"
	"testing"

	"github.com/forocl/forocl/clhost"
)

func main() {
	const n = 1000
	dev, err := clhost.Select("")
	check(err)
	c, err := clhost.NewContext(dev)
	check(err)
	defer c.Close()
	k, err := NewStats(c)
	check(err)
	defer k.Close()
	a, err := c.NewArray(clhost.Float32, n)
	check(err)
	in := make([]float32, n)
	for i := range in {
		in[i] = float32(i%%31) * 0.1
	}
	check(c.WriteFloat32(a.Buffer, in))
	s, m, big, t, err := k.Run(n, a, 1.5)
	check(err)
	fmt.Println(s, m, big, t)
	s, m, big, t, err = k.RunContext(context.Background(), n, a, 1.5)
	check(err)
	fmt.Println(s, m, big, t)
	s, m, big, t, _, err = k.Timed(n, a, 1.5)
	check(err)
	fmt.Println(s, m, big, t)
	fmt.Println(testing.AllocsPerRun(%d, func() {
		if _, _, _, _, err := k.Run(n, a, 1.5); err != nil {
			panic(err)
		}
	}))
	tw, err := NewTwice(c)
	check(err)
	defer tw.Close()
	b, err := c.NewArray(clhost.Float32, n)
	check(err)
	check(c.Finish())
	w0 := clhost.HostWaits()
	c1, err := tw.Run(n, a, b)
	check(err)
	w1 := clhost.HostWaits()
	c2, err := tw.RunContext(context.Background(), n, a, b)
	check(err)
	fmt.Println(c1, c2, w1-w0, clhost.HostWaits()-w1)
}

func check(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
`

// TestHarnessResultsFromHost: the Go harness takes a loop kernel's scalar
// results from the host program instead of launching its results kernel
// and reading the buffers back (Note [results from the host] in package
// abi). The results kernel is spoiled to write -7: Run, RunContext and
// Timed must still return the sum, the count, the .or. and the total, and
// a run allocate no Go memory.
func TestHarnessResultsFromHost(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a program")
	}
	device(t)
	u, _ := hostResultsUnit(t)
	out, err := exec.Command(harnessProgram(t, u, "hostres", fmt.Sprintf(hostResultsMain, 20))).CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	var sum float64
	count, big := 0, 0
	for i := range 1000 {
		x := float32(i%31) * 0.1
		sum += float64(x)
		if x > 1 {
			count++
		}
		if x > 2.5 {
			big = 1
		}
	}
	total := 1.5*2 + float64(count)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 5 {
		t.Fatalf("want 5 lines:\n%s", out)
	}
	for i, how := range []string{"Run", "RunContext", "Timed"} {
		var s, tt float64
		var m, b int
		if _, err := fmt.Sscan(lines[i], &s, &m, &b, &tt); err != nil {
			t.Fatalf("%s: %v: %s", how, err, lines[i])
		}
		if math.Abs(s-sum) > 1e-4*sum || m != count || b != big || tt != total {
			t.Errorf("%s: s, m, big, t = %v %d %d %v, want %v %d %d %v (-7: the results kernel ran)", how, s, m, b, tt, sum, count, big, total)
		}
	}
	if lines[3] != "0" {
		t.Errorf("a Run allocates %s times, want 0", lines[3])
	}
	// twice: Run reads nothing back, so it waits for nothing; RunContext
	// waits for its one launch.
	if lines[4] != "2000 2000 0 1" {
		t.Errorf("twice: c from Run and RunContext, then their waits: %s, want 2000 2000 0 1", lines[4])
	}
}

// TestFortranHostResultsFromHost: the Fortran host assigns a loop
// kernel's scalar results from its host variables instead of launching
// its results kernel and reading the buffers back (Note [results from the
// host] in package abi). The results kernel is spoiled to write -7: two
// calls in turn (the host variables start again at each) must still give
// gfortran's serial results, the sum within its tolerance.
func TestFortranHostResultsFromHost(t *testing.T) {
	device(t)
	u, path := hostResultsUnit(t)
	k := u.Kernels[0]
	if k.Name != "stats" {
		t.Fatalf("the first kernel is %s, want stats", k.Name)
	}
	exe, err := oracle.Build(k, []string{regionsModule, path}, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	dev := fortranHost(t, u, k, "hr")
	a := runner.Zeros(npy.Float32, []int{1000})
	for i := range a.F32 {
		a.F32[i] = float32(i%31) * 0.1
	}
	for _, t0 := range []float64{1.5, -2.25} {
		scalars := map[string]float64{"n": 1000, "t": t0}
		arrays := map[string]*npy.Array{"a": a}
		want, err := exe.Run(scalars, arrays)
		if err != nil {
			t.Fatal(err)
		}
		got, err := dev.Run(scalars, arrays)
		if err != nil {
			t.Fatalf("t = %g, fortran host: %v", t0, err)
		}
		for _, r := range []string{"s", "m", "big", "t"} {
			if got[r] == nil || want[r] == nil {
				t.Fatalf("t = %g: no result %s: %v, %v", t0, r, got, want)
			}
			g, w := oracle.Value(got[r], 0), oracle.Value(want[r], 0)
			if g != w && !(r == "s" && math.Abs(g-w) <= 1e-4*math.Abs(w)) {
				t.Errorf("t = %g: %s = %v, gfortran's %v (-7: the results kernel ran)", t0, r, g, w)
			}
		}
	}
}
