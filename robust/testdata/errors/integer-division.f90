subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  b = a*(1/2)  ! WARNING [integer-division] "integer division truncates before the result is"
end subroutine k
