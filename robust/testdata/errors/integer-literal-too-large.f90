subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a * 99999999999999999999  ! ERROR [integer-literal-too-large] "integer literal 99999999999999999999 is too"
end subroutine k
