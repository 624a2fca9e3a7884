subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real :: c
  intent(in) :: c(:)  ! ERROR [attribute-statement-shape] "unexpected dimensions or initialiser in an"
  b = a
end subroutine k
