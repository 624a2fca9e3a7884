subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer :: n
  n = 2
  b = a*sqrt(n)  ! ERROR [intrinsic-argument-type] "argument 1 of \"sqrt\" is integer, expected real"
end subroutine k
