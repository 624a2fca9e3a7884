package main

import (
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// TestCompareExplicitInterface: external procedures that Fortran calls
// only through an explicit interface (Note [explicit interfaces]) compare
// with gfortran's serial run: an elemental subroutine with a VALUE dummy
// (through an implicit interface gfortran passed the array's address as
// the value, and every element differed), a BIND(C) loop kernel on F77
// assumed-size arrays whose binding name is not its Fortran name (the
// driver did not link), and the same kernel in fixed form.
func TestCompareExplicitInterface(t *testing.T) {
	requireOpenCL(t)
	requireGfortran(t)
	dir := t.TempDir()
	files := map[string]string{
		"ident.f90": `pure elemental subroutine twice(a, b)
   real, intent(in), value :: a
   real, intent(out)       :: b
   b = 2*a
end subroutine twice
`,
		"copyc.f90": `subroutine copy_c(a, b, n) bind(C, name="copy_c_impl")
   use, intrinsic :: iso_c_binding
   implicit none
   real(c_float), dimension(*) :: a, b
   integer(c_int), value :: n
   integer :: k
   do k = 1, n
      a(k) = b(k) + 1
   end do
end subroutine copy_c
`,
		"copyf.f": `      subroutine copy_f(a, b, n) bind(C, name="copy_f_impl")
      use, intrinsic :: iso_c_binding
      implicit none
      real(c_float), dimension(*) :: a, b
      integer(c_int), value :: n
      integer :: k
      do 10 k = 1, n
         a(k) = b(k) + 1
   10 continue
      end subroutine copy_f
`,
	}
	for name, src := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, c := range []struct {
		file, kernel string
		args         []string
		want         string
	}{
		{"ident.f90", "twice", []string{"--grid", "13x11"}, `(?m)^b\s+real\(4\)\s+\(1:13,1:11\)\s+identical$`},
		{"copyc.f90", "copy_c", []string{"--set", "n=17", "--shape", "a=19", "--shape", "b=17"}, `(?m)^a\s+real\(4\)\s+\(1:19\)\s+identical$`},
		{"copyf.f", "copy_f", []string{"--set", "n=17", "--shape", "a=19", "--shape", "b=17"}, `(?m)^a\s+real\(4\)\s+\(1:19\)\s+identical$`},
	} {
		args := append([]string{"compare", filepath.Join(dir, c.file), "--kernel", c.kernel, "--device", testDevice()}, c.args...)
		code, stdout, stderr := cli(t, args...)
		if code != 0 || !regexp.MustCompile(c.want).MatchString(stdout) {
			t.Errorf("%s: exit %d, want a line matching %s:\n%s%s", c.kernel, code, c.want, stdout, stderr)
		}
	}
}
