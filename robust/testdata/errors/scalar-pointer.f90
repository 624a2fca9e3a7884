subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  real, pointer :: p  ! ERROR [scalar-pointer] "scalar \"p\" cannot be a pointer or allocatable"
  b = a
end subroutine k
