package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestAutoReduceFlag: a plain DO dot product into an intent(out) scalar
// runs serially with loop-serial (it was refused with loop-reduction);
// --auto-reduce makes it a parallel sum reduction (Note [auto reductions]
// in sema), which forocl dump shows, and the warning goes.
func TestAutoReduceFlag(t *testing.T) {
	f := filepath.Join(t.TempDir(), "dot.f90")
	src := `subroutine dot(n, a, b, s)
  integer, intent(in) :: n
  real(8), intent(in) :: a(n), b(n)
  real(8), intent(out) :: s
  integer :: i
  s = 0
  do i = 1, n
    s = s + a(i)*b(i)
  end do
end subroutine
`
	if err := os.WriteFile(f, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	code, _, stderr := cli(t, "check", f, "--kernel", "dot")
	if code != 0 || !strings.Contains(stderr, "[loop-serial]") || strings.Contains(stderr, "loop-reduction") {
		t.Errorf("check: exit %d, want 0 with loop-serial:\n%s", code, stderr)
	}
	code, stdout, stderr := cli(t, "dump", "--stage=ir", f, "--kernel", "dot", "--auto-reduce")
	if code != 0 || strings.Contains(stderr, "loop-serial") || !strings.Contains(stdout, "parallel (i = 1:n)  [do] reduce(sum: s)") {
		t.Errorf("dump --auto-reduce: exit %d, want a sum reduction over i and no warning:\n%s%s", code, stdout, stderr)
	}
}
