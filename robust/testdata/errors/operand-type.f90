subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a + (a > 0.0)  ! ERROR [operand-type] "operand of + is logical, expected a number"
end subroutine k
