subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:), contiguous, intent(in)  :: a
  real, dimension(:), contiguous, intent(out) :: b
  call region_cpy(a, [1, 1])  ! ERROR [call-region-function] "\"region_cpy\" is a function"
  b = a
end subroutine k
