subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: ik = selected_int_kind(18)
  b = a
end subroutine k
