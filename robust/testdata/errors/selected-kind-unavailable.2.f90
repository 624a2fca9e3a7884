subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: ik = selected_int_kind(19)  ! ERROR [selected-kind-unavailable] "selected_int_kind(19) needs an integer kind"
  b = a
end subroutine k
