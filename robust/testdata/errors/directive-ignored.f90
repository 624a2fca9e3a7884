module ignored_mod
contains
!$OFP PURE, KERNEL :: twice
elemental subroutine twice(x, y)
  !$omp declare simd(twice)
  !^ WARNING [directive-ignored] "!$omp declare simd has no effect in an elemental subroutine"
  real, intent(in) :: x
  real, intent(out) :: y
  y = 2*x
end subroutine twice
end module ignored_mod
