subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  integer, dimension(4) :: halo
  where (a > 0.0)
    pb => region_ptr(b, [1, 1, 1, 1])  ! ERROR [pointer-in-where] "pointer association is not allowed in a where"
  end where
end subroutine k
