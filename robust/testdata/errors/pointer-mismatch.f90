subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:), pointer :: pb  ! ERROR [pointer-mismatch] "pointer \"pb\" has rank 1 but the kernel's arrays"
  b = a
end subroutine k
