subroutine k(s, a, b)
!$OFP PURE, KERNEL :: k
  real, intent(in) :: s
  real, dimension(:,:), contiguous, intent(in)  :: a
  real, dimension(:,:), contiguous, intent(out), target :: b
  real, dimension(:,:), pointer :: pb
  if (s > 0.0) then
    pb => region_ptr(b, [1, 1, 1, 1])
  end if
  pb = region_cpy(a, [1, 1, 1, 1])  ! ERROR [pointer-not-known] "pointer \"pb\" is not known here: it is"
end subroutine k
