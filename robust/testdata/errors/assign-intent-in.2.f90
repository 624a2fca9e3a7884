subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  s = 1.0  ! ERROR [assign-intent-in] "cannot assign to intent(in) dummy \"s\""
  b = a
end subroutine k
