subroutine k(a, b)
!$OFP PURE, KERNEL :: k
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real(8), dimension(:,:), pointer :: pb
  pb => region_ptr(b, [1, 1, 1, 1])  ! ERROR [pointer-mismatch] "pointer \"pb\" is real(8) but \"b\" is real(4)"
  pb = region_cpy(a, [1, 1, 1, 1])
end subroutine k
