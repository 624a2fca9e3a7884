subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  if (a(1) > 0.0) real :: c  ! ERROR [syntax-one-line-if-statement] "a \"declaration\" statement is not allowed after"
  b = a
end subroutine k
