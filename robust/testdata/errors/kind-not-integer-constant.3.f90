subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = real(a, kind=4.0)  ! ERROR [kind-not-integer-constant] "kind argument of \"real\" must be an integer"
end subroutine k
