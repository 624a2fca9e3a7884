subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real(kind=4.0) :: c  ! ERROR [kind-not-integer-constant] "kind must be a scalar integer constant, not"
  b = a
end subroutine k
