subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  integer, parameter :: h(2) = [1, 2]
  integer, parameter :: n = h(1, 2)  ! ERROR [subscript-count] "\"h\" takes one subscript"
  b = a
end subroutine k
