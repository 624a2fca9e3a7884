subroutine k(x, y)  ! ERROR [kernel-no-arrays] "kernel \"k\" has no array arguments"
!$OFP PURE, KERNEL :: k
  real, intent(in) :: x, y
end subroutine k
