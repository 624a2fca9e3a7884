subroutine k(n, a, b)
!$OFP PURE, KERNEL :: k
  integer, intent(in) :: n
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out) :: b
  integer, dimension(n) :: halo  ! ERROR [halo-size-not-constant] "halo \"halo\" must have a constant size, such as"
  b = a
end subroutine k
