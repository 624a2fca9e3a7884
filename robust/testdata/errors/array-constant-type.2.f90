subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2, 2) = 1  ! ERROR [array-constant-type] "\"h\": forocl supports rank-1 integer and real array constants"
  b = a
end subroutine k
