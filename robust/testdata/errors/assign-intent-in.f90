subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  a = 0.0  ! ERROR [assign-intent-in] "cannot assign to intent(in) array \"a\""
  b = a
end subroutine k
