subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: qp = selected_real_kind(30)  ! ERROR [selected-kind-unavailable] "selected_real_kind(30, 0) asks for more"
  b = a
end subroutine k
