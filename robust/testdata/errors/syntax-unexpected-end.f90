subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a *  ! ERROR [syntax-unexpected-end] "unexpected end of statement"
end subroutine k
